import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';

/**
 * The SQL behind name search (docs/decisions/0017-people-search.md). Each query word is matched
 * against the small table of distinct name words (exactly, as a prefix, or loosely: trigram
 * similarity or a short edit distance), keeping only its few best tokens. People are then found
 * through (token, user) by btree:
 * 1. everyone matching every word: the words' postings joined on user id (hash join, no sort of
 *    the whole candidate set), best total score first;
 * 2. then people matching some of the words, best word first, reading a bounded number of
 *    postings per token (same statement: one round trip after the query's words are known).
 * The caller passes the users columns to return and the WHERE conditions (filters, visibility).
 */

/** Words beyond this are ignored: nobody's name has more, and each word costs a join. */
const MAX_WORDS = 6;
/** Tokens kept per word: enough for typo variants, few enough to bound the postings read. */
const TOKENS_PER_WORD = 8;
/** A one- or two-letter word is a prefix of hundreds of names: keep only the closest. */
const TOKENS_PER_SHORT_WORD = 5;
/** Tokens far below the word's best match are noise ("mario" when "maria" exists). */
const SCORE_WINDOW = 0.3;
const MIN_SCORE = 0.45;
/** Connecting words are not indexed (migration 0003); the last word may still be a prefix ("and" → "Andrews"). */
const CONNECTING_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to']);

/**
 * How well name token t fits query word w: exact 1; a prefix (a word still being typed) 0.6–0.95
 * by how much of the name it covers; otherwise at most 0.85 by trigram similarity or edit distance.
 */
const TOKEN_SCORE = sql<number>`CASE
  WHEN t.token = w.word THEN 1.0
  WHEN t.token >= w.word AND t.token < w.word || '~' THEN 0.6 + 0.35 * length(w.word) / length(t.token)
  ELSE 0.85 * greatest(
    similarity(t.token, w.word),
    1.0 - (CASE
      -- Same letters, same length, two edits apart: two swapped letters, one slip of the fingers.
      WHEN length(t.token) = length(w.word) AND translate(t.token, w.word, '') = ''
        AND translate(w.word, t.token, '') = '' THEN least(levenshtein(t.token, w.word), 1)
      ELSE levenshtein(t.token, w.word) END)::float8 / greatest(length(t.token), length(w.word)))
  END`;

/** The query's words, normalized by the same SQL function that indexed the names. */
export async function queryWords(db: Db, query: string): Promise<string[]> {
  const { rows } = await sql<{ words: string[] }>`SELECT name_search_words(${query}, true) AS words`.execute(
    db,
  );
  const all = rows[0]?.words ?? [];
  const kept = all.filter((w, i) => !CONNECTING_WORDS.has(w) || (i === all.length - 1 && all.length > 1));
  return (kept.length > 0 ? kept : all).slice(0, MAX_WORDS);
}

/** The best tokens for one word, with their scores (a MATERIALIZED CTE body). */
function tokenMatches(word: string): RawBuilder<unknown> {
  const limit = word.length <= 2 ? TOKENS_PER_SHORT_WORD : TOKENS_PER_WORD;
  return sql`
    SELECT token_id, score FROM (
      SELECT token_id, score, max(score) OVER () AS best FROM (
        SELECT t.id AS token_id, ${TOKEN_SCORE} AS score
        FROM name_tokens t, (SELECT ${word}::text COLLATE "C" AS word) w
        WHERE t.token % w.word
          OR (t.token >= w.word AND t.token < w.word || '~')
          -- Edit distance on the tokens that start with the word's first or second letter
          -- (so a swap of the first two letters is still found).
          OR (length(w.word) >= 3
            AND (t.token >= left(w.word, 1) AND t.token < left(w.word, 1) || '~'
              OR t.token >= substr(w.word, 2, 1) AND t.token < substr(w.word, 2, 1) || '~')
            AND levenshtein_less_equal(t.token, w.word, 2) <= CASE WHEN length(w.word) >= 4 THEN 2 ELSE 1 END)
        ORDER BY score DESC, t.token
        LIMIT ${sql.lit(limit)}
      ) best_tokens
    ) scored
    WHERE score >= greatest(${sql.lit(MIN_SCORE)}, best - ${sql.lit(SCORE_WINDOW)})`;
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
  const ctes = q.words.map((w, i) => sql`${sql.raw(`m${i}`)} AS MATERIALIZED (${tokenMatches(w)})`);
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
