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
/** Typos are looked for from three letters (one edit) and from five letters (two edits). */
const ONE_EDIT_FROM = 3;
const TWO_EDITS_FROM = 5;
/** Tokens far below the word's best match are noise ("mario" when "maria" exists). */
const SCORE_WINDOW = 0.3;
const MIN_SCORE = 0.45;
/** Connecting words are not indexed (migration 0003); the last word may still be a prefix ("and" → "Andrews"). */
const CONNECTING_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to']);

/** Edit distance with a swap of two letters counted as one slip of the fingers. */
const DISTANCE = sql<number>`CASE
  WHEN length(t.token) = length(w.word) AND translate(t.token, w.word, '') = ''
    AND translate(w.word, t.token, '') = '' THEN least(levenshtein_less_equal(t.token, w.word, 2), 1)
  ELSE levenshtein_less_equal(t.token, w.word, 2) END`;

/**
 * How well name token t fits query word w: exact 1; a prefix (a word still being typed) 0.6–0.95
 * by how much of the name it covers; otherwise at most 0.85 by trigram similarity or edit distance.
 */
const TOKEN_SCORE = sql<number>`CASE
  WHEN t.token = w.word THEN 1.0
  WHEN t.token >= w.word AND t.token < w.word || '~' THEN 0.6 + 0.35 * length(w.word) / length(t.token)
  ELSE 0.85 * greatest(
    similarity(t.token, w.word),
    1.0 - ${DISTANCE}::float8 / greatest(length(t.token), length(w.word)))
  END`;

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
 * The best tokens for one word, with their scores (a MATERIALIZED CTE body). Candidates come
 * from two btree lookups, never a scan of the vocabulary: the prefix range (the word itself and
 * names it starts), and the tokens sharing a deletion key with it (migrations/0018), which holds
 * every token within the allowed distance; the distance check then drops the rest.
 */
function tokenMatches(word: string, limit: number): RawBuilder<unknown> {
  const maxDistance = word.length >= TWO_EDITS_FROM ? 2 : 1;
  const typoCandidates =
    word.length >= ONE_EDIT_FROM
      ? sql`UNION
        SELECT n.id, n.token FROM name_tokens n
        WHERE n.id IN (SELECT k.token_id FROM name_token_keys k WHERE k.key = ANY (name_token_keys(${word})))`
      : sql``;
  return sql`
    SELECT token_id, score FROM (
      SELECT token_id, score, max(score) OVER () AS best FROM (
        SELECT t.id AS token_id, ${TOKEN_SCORE} AS score
        FROM (
          SELECT p.id, p.token FROM name_tokens p
          WHERE p.token >= ${word}::text COLLATE "C" AND p.token < ${word}::text COLLATE "C" || '~'
          ${typoCandidates}
        ) t, (SELECT ${word}::text COLLATE "C" AS word) w
        WHERE (t.token >= w.word AND t.token < w.word || '~') OR ${DISTANCE} <= ${sql.lit(maxDistance)}
        ORDER BY score DESC, t.token
        LIMIT ${sql.lit(limit)}
      ) best_tokens
    ) scored
    WHERE score >= greatest(${sql.lit(MIN_SCORE)}, best - ${sql.lit(SCORE_WINDOW)})`;
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
