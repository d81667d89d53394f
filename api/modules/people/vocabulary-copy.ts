import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { databaseIdentity } from '../../../db/identity';
import { log } from '../../platform/logger';
import { type TokenRow, TokenVocabulary } from './token-vocabulary';

/**
 * Each database's copy of its name words for token matching in the app
 * (docs/decisions/0052-name-token-matching-in-the-app.md). A search never waits for it: the first
 * searches, and any made while the copy is behind, let the database match the words. The copy is
 * checked against name_token_generation at most every CHECK_INTERVAL_MS, from a search, and read
 * again when the generation moved; the search statement checks the generation itself, so a copy
 * that is behind only costs speed, never a changed answer.
 */
export const CHECK_INTERVAL_MS = 2_000;
/**
 * A copy that took B ms to build is not rebuilt for REBUILD_PAUSE_FACTOR · B ms: at a million
 * members (0.8 s a build) a vocabulary that keeps changing costs at most a few per cent of a core,
 * and searches meanwhile let the database match the words.
 */
const REBUILD_PAUSE_FACTOR = 20;

interface Copy {
  vocabulary: TokenVocabulary | null;
  /** Date.now() of the last check, or of its start while one runs. */
  checkedAt: number;
  refreshing: Promise<void> | null;
  /** Date.now() before which the copy is not rebuilt, though it may be behind. */
  rebuildNotBefore: number;
}

const copies = new WeakMap<object, Copy>();

function copyOf(db: Db): Copy {
  const database = databaseIdentity(db);
  let copy = copies.get(database);
  if (!copy) {
    copy = { vocabulary: null, checkedAt: Number.NEGATIVE_INFINITY, refreshing: null, rebuildNotBefore: 0 };
    copies.set(database, copy);
  }
  return copy;
}

/** The copy of `db`'s vocabulary if one has been read (maybe behind), starting a check when due. */
export function tokenVocabulary(db: Db): TokenVocabulary | null {
  const copy = copyOf(db);
  // Not from inside a transaction: the check outlives the request and must not use its connection.
  if (!copy.refreshing && !db.isTransaction && Date.now() - copy.checkedAt >= CHECK_INTERVAL_MS) {
    copy.refreshing = refresh(db, copy, false);
  }
  return copy.vocabulary;
}

/** Reads `db`'s copy again if it is behind, whenever it was last built, and answers it: for tests and benches. */
export async function currentTokenVocabulary(db: Db): Promise<TokenVocabulary | null> {
  const copy = copyOf(db);
  if (copy.refreshing) await copy.refreshing;
  copy.refreshing = refresh(db, copy, true);
  await copy.refreshing;
  return copy.vocabulary;
}

async function refresh(db: Db, copy: Copy, force: boolean): Promise<void> {
  copy.checkedAt = Date.now();
  try {
    const { rows } = await sql<{ generation: string }>`
      SELECT generation::text AS generation FROM name_token_generation`.execute(db);
    const generation = rows[0]?.generation;
    if (generation === undefined || generation === copy.vocabulary?.generation) return;
    if (!force && Date.now() < copy.rebuildNotBefore) return;
    const started = performance.now();
    // The tokens and their generation from one snapshot: one statement.
    const { rows: read } = await sql<{ generation: string; ids: number[]; tokens: string[] }>`
      SELECT (SELECT generation::text FROM name_token_generation) AS generation,
        coalesce(array_agg(id ORDER BY token), '{}') AS ids,
        coalesce(array_agg(token ORDER BY token), '{}') AS tokens
      FROM name_tokens`.execute(db);
    const snapshot = read[0]!;
    const tokenRows: TokenRow[] = snapshot.ids.map((id, i) => ({ id, token: snapshot.tokens[i]! }));
    copy.vocabulary = await TokenVocabulary.build(snapshot.generation, tokenRows);
    copy.rebuildNotBefore = Date.now() + REBUILD_PAUSE_FACTOR * (performance.now() - started);
  } catch (error) {
    // A closed or unreachable database: searches go on matching in the database.
    log.warn('people search: could not read the name vocabulary', error);
  } finally {
    copy.refreshing = null;
    copy.checkedAt = Date.now();
  }
}
