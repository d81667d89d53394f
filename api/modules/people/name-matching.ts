import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';
import { localQueryWords } from './query-words';

/**
 * The SQL behind name search (docs/decisions/0017-people-search.md, 0026). Each query word is
 * matched against the table of distinct name words (exactly, as a prefix, or within a short edit
 * distance found through deletion keys), keeping only its few best tokens. People are then found
 * through (token, user) by btree:
 * 1. everyone matching every word: the words' postings joined on user id (hash join, no sort of
 *    the whole candidate set), best total score first;
 * 2. then people matching some of the words, best word first, reading a bounded number of
 *    postings per token (same statement: one round trip, the words being known locally).
 * The caller passes the users columns to return and the WHERE conditions (filters, visibility).
 */

/** Words beyond this are ignored: nobody's name has more, and each word costs a join. */
const MAX_WORDS = 6;
/** Tokens kept per word: enough for typo variants, few enough to bound the postings read. */
const TOKENS_PER_WORD = 8;
/** A one- or two-letter word is a prefix of hundreds of names: keep only the closest. */
const TOKENS_PER_SHORT_WORD = 5;
/**
 * The last of several words is usually a prefix being typed ("jordan ri"): among 100,000 names
 * dozens of tokens start with it, and the other words' postings do the narrowing, so keep more.
 */
const LAST_WORD_TOKENS = 32;
/** Connecting words are not indexed (migration 0003); the last word may still be a prefix ("and" → "Andrews"). */
const CONNECTING_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to']);

/**
 * The query's words, normalized as the names were: locally when the query's characters allow it
 * (no round trip), otherwise by the SQL function itself. Connecting words are dropped except as
 * the last word of several, which may be a name being typed ("and" → Andrews).
 */
export async function queryWords(db: Db, query: string): Promise<string[]> {
  const all = localQueryWords(query) ?? (await databaseQueryWords(db, query));
  const kept = all.filter((w, i) => !CONNECTING_WORDS.has(w) || (i === all.length - 1 && all.length > 1));
  return (kept.length > 0 ? kept : all).slice(0, MAX_WORDS);
}

async function databaseQueryWords(db: Db, query: string): Promise<string[]> {
  const { rows } = await sql<{ words: string[] }>`SELECT name_search_words(${query}, true) AS words`.execute(
    db,
  );
  return rows[0]?.words ?? [];
}

/**
 * The best tokens for one word, with their scores (a MATERIALIZED CTE body): the SQL function
 * name_token_matches (migrations/0018_name_token_keys.ts). Its candidates come from two btree
 * lookups, never a scan of the vocabulary: the prefix range (the word and the names it starts)
 * and the tokens sharing a deletion key with it, which holds every token within the allowed edit
 * distance; exact 1, prefix 0.6–0.95, typo at most 0.85; tokens far below the best are dropped.
 */
function tokenMatches(word: string, limit: number): RawBuilder<unknown> {
  return sql`SELECT matched_token AS token_id, matched_score AS score FROM name_token_matches(${word}, ${sql.lit(limit)})`;
}

/** Tokens a word keeps: the last of several words is usually still being typed, see LAST_WORD_TOKENS. */
function tokenLimit(words: string[], index: number): number {
  const word = words[index]!;
  if (word.length <= 2) return TOKENS_PER_SHORT_WORD;
  return words.length > 1 && index === words.length - 1 ? LAST_WORD_TOKENS : TOKENS_PER_WORD;
}

export interface NameMatchQuery {
  words: string[];
  columns: RawBuilder<unknown>;
  conditions: RawBuilder<unknown>[];
  /** Rows wanted, counting from the first: offset + page size + one to tell whether more exist. */
  wanted: number;
}

/**
 * One statement: people matching every word (when `all`), then people matching some of the words
 * (when `some`), best first; at most `wanted` rows of each tier (duplicates removed by the caller).
 * - every word: the words' posting lists joined on user id, sorted by total score, then looked up
 *   in that order until the page is full (the LIMIT 1 lateral keeps it a nested loop);
 * - some words: each token's postings read in id order and capped, so this tier stays cheap
 *   however common the name.
 */
export async function matchNames<Row>(
  db: Db,
  q: NameMatchQuery,
  tiers: { all: boolean; some: boolean },
): Promise<Row[]> {
  const ctes = q.words.map(
    (w, i) => sql`${sql.raw(`m${i}`)} AS MATERIALIZED (${tokenMatches(w, tokenLimit(q.words, i))})`,
  );
  const person = (source: string) => sql`CROSS JOIN LATERAL (
      SELECT ${q.columns} FROM users u
      WHERE u.id = ${sql.ref(`${source}.user_id`)} AND ${sql.join(q.conditions, sql` AND `)}
      LIMIT 1
    ) p`;
  const parts: RawBuilder<unknown>[] = [];
  if (tiers.all) {
    const postings = q.words.map(
      (_, i) =>
        sql`(SELECT l.user_id, m.score FROM ${sql.raw(`m${i}`)} m JOIN user_name_tokens l ON l.token_id = m.token_id) ${sql.raw(`p${i}`)}`,
    );
    const joined = postings
      .slice(1)
      .reduce((from, p) => sql`${from} JOIN ${p} USING (user_id)`, postings[0]!);
    const total = sql.raw(q.words.map((_, i) => `p${i}.score`).join(' + '));
    ctes.push(sql`every_word AS MATERIALIZED (
      SELECT p.*, r.score AS match_score
      FROM (SELECT user_id, ${total} AS score FROM ${joined} ORDER BY score DESC, user_id) r
      ${person('r')}
      LIMIT ${q.wanted})`);
    parts.push(sql`SELECT 0 AS match_tier, * FROM every_word`);
  }
  if (tiers.some) {
    const tokens = sql.join(
      q.words.map((_, i) => sql`SELECT token_id, score FROM ${sql.raw(`m${i}`)}`),
      sql` UNION ALL `,
    );
    const notAlreadyFound = tiers.all
      ? sql`AND NOT EXISTS (SELECT 1 FROM every_word f WHERE f.id = l.user_id)`
      : sql``;
    ctes.push(sql`some_words AS MATERIALIZED (
      SELECT p.*, c.score AS match_score
      FROM (
        SELECT user_id, m.score
        FROM (${tokens}) m
        CROSS JOIN LATERAL (
          SELECT l.user_id FROM user_name_tokens l
          WHERE l.token_id = m.token_id ${notAlreadyFound}
          ORDER BY l.user_id
          LIMIT ${q.wanted}
        ) l
        ORDER BY m.score DESC, user_id
      ) c
      ${person('c')}
      LIMIT ${q.wanted * 2})`);
    parts.push(sql`SELECT 1 AS match_tier, * FROM some_words`);
  }
  const { rows } = await sql<Row>`
    WITH ${sql.join(ctes)}
    SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) found
    ORDER BY match_tier, match_score DESC, id`.execute(db);
  return rows;
}

/**
 * Everyone whose names match every word, unranked and unbounded, as a subquery of user ids: the
 * console's name filter (docs/decisions/0036-console-lists-at-scale.md), which lists all of them in
 * the list's own order and pages them by keyset. The words' tokens are chosen as matchNames
 * chooses them (tokenMatches, tokenLimit), so the console and the public search agree on a name.
 */
export function everyWordUserIds(words: string[]): RawBuilder<{ user_id: number }> {
  const postings = words.map(
    (w, i) =>
      sql`(SELECT l.user_id FROM (${tokenMatches(w, tokenLimit(words, i))}) m
        JOIN user_name_tokens l ON l.token_id = m.token_id) ${sql.raw(`p${i}`)}`,
  );
  const joined = postings.slice(1).reduce((from, p) => sql`${from} JOIN ${p} USING (user_id)`, postings[0]!);
  return sql`SELECT user_id FROM ${joined}`;
}
