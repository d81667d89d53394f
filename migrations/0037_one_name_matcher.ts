import { type Kysely, sql } from 'kysely';
import { createKeysOnInsert, createNameTokenMatches } from './0018_name_token_keys';
import * as estimatedRows from './0030_name_token_matches_rows';
import * as generation from './0032_name_token_generation';

/**
 * Name words are matched only by name_token_matches, in the search statement itself
 * (docs/decisions/0087-one-name-matcher-in-sql.md): the app's copy of the vocabulary and the
 * generation number that told it whether it was whole are gone, with the triggers that bumped it
 * on every statement adding or removing a name word. What the copy bought is bought here instead,
 * with the same tokens and scores as before:
 * - each deletion key carries its token's text, so a word's typo candidates (about 170 for a
 *   common word among 137,000 name words) are read from the keys' index alone instead of being
 *   fetched one by one from name_tokens;
 * - a word of three letters or fewer takes its prefix matches from an index by length: the best
 *   prefix matches are the shortest names, so the few wanted come from one short probe per length
 *   instead of scoring every name the word starts (thousands for one letter).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await generation.down(db);

  // Refilled rather than updated in place: 5 million keys at a million members.
  await sql`TRUNCATE name_token_keys`.execute(db);
  await sql`ALTER TABLE name_token_keys DROP CONSTRAINT name_token_keys_pkey`.execute(db);
  await sql`ALTER TABLE name_token_keys ADD COLUMN token text COLLATE "C" NOT NULL`.execute(db);
  await sql`
    INSERT INTO name_token_keys (key, token_id, token)
      SELECT x.key, t.id, t.token FROM name_tokens t CROSS JOIN LATERAL unnest(name_token_keys(t.token)) AS x (key)
      ORDER BY 1, 2`.execute(db);
  await sql`ALTER TABLE name_token_keys ADD PRIMARY KEY (key, token_id) INCLUDE (token)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION name_tokens_keys_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO name_token_keys (key, token_id, token)
        SELECT x.key, n.id, n.token FROM inserted_tokens n CROSS JOIN LATERAL unnest(name_token_keys(n.token)) AS x (key)
        -- In key order: a bulk load's millions of keys then fill the btree page after page.
        ORDER BY 1, 2
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`CREATE INDEX name_tokens_by_length ON name_tokens (length(token), token)`.execute(db);
  await sql`ANALYZE name_tokens`.execute(db);
  await sql`ANALYZE name_token_keys`.execute(db);

  // Scores as in migration 0018 (docs/decisions/0017 for the scores, 0026 for the lookup); a
  // PL/pgSQL function, so its plan is made once per connection and reused.
  await sql`
    CREATE OR REPLACE FUNCTION name_token_matches(word text, max_tokens integer)
    RETURNS TABLE (matched_token integer, matched_score double precision)
    LANGUAGE plpgsql STABLE PARALLEL SAFE ROWS 16
    AS $$
    DECLARE
      w text COLLATE "C" := word;
      -- Two edits from five letters, one from three, none below (a prefix then does the work).
      max_distance integer := CASE WHEN length(word) >= 5 THEN 2 WHEN length(word) >= 3 THEN 1 ELSE 0 END;
      keys integer[] := CASE WHEN length(word) >= 3 THEN name_token_keys(word) ELSE '{}' END;
    BEGIN
      RETURN QUERY
      SELECT s.id, s.score FROM (
        SELECT c.id, c.score, max(c.score) OVER () AS best FROM (
          SELECT t.id, CASE
              WHEN t.token = w THEN 1.0
              -- A word still being typed: 0.6–0.95 by how much of the name it covers.
              WHEN t.prefix THEN 0.6 + 0.35 * length(w) / length(t.token)
              ELSE 0.85 * greatest(similarity(t.token, w), 1.0 - t.distance::float8 / greatest(length(t.token), length(w)))
            END::float8 AS score
          FROM (
            SELECT u.id, u.token, u.prefix, CASE
                WHEN u.prefix THEN 0
                -- Same letters, same length: two swapped letters, one slip of the fingers.
                WHEN length(u.token) = length(w) AND translate(u.token, w, '') = '' AND translate(w, u.token, '') = ''
                  THEN least(levenshtein_less_equal(u.token, w, 2), 1)
                ELSE levenshtein_less_equal(u.token, w, 2) END AS distance
            FROM (
              SELECT v.id, v.token, v.token >= w AND v.token < w || '~' AS prefix FROM (
                -- A short word: the shortest names it starts, which score highest, length by length.
                (SELECT b.id, b.token FROM (
                  SELECT x.id, x.token FROM generate_series(length(w), 16) AS l (len)
                  CROSS JOIN LATERAL (
                    SELECT p.id, p.token FROM name_tokens p
                    WHERE length(p.token) = l.len AND p.token >= w AND p.token < w || '~'
                    ORDER BY p.token LIMIT max_tokens
                  ) x
                  UNION ALL
                  (SELECT p.id, p.token FROM name_tokens p
                    WHERE length(p.token) > 16 AND p.token >= w AND p.token < w || '~'
                    ORDER BY length(p.token), p.token LIMIT max_tokens)
                ) b
                WHERE length(w) <= 3
                ORDER BY length(b.token), b.token LIMIT max_tokens)
                UNION
                -- A longer word starts a few names: all of them.
                SELECT p.id, p.token FROM name_tokens p WHERE length(w) > 3 AND p.token >= w AND p.token < w || '~'
                UNION
                -- Every token within the allowed distance shares a deletion key with the word.
                SELECT k.token_id, k.token FROM name_token_keys k WHERE k.key = ANY (keys)
              ) v
            ) u
          ) t
          WHERE t.prefix OR t.distance <= max_distance
          ORDER BY 2 DESC, t.token
          LIMIT max_tokens
        ) c
      ) s
      -- Tokens far below the word's best match are noise ("mario" when "maria" exists).
      WHERE s.score >= greatest(0.45, s.best - 0.3);
    END;
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createNameTokenMatches(db);
  await estimatedRows.up(db);
  await sql`DROP INDEX IF EXISTS name_tokens_by_length`.execute(db);
  await createKeysOnInsert(db);
  await sql`ALTER TABLE name_token_keys DROP CONSTRAINT name_token_keys_pkey`.execute(db);
  await sql`ALTER TABLE name_token_keys DROP COLUMN token`.execute(db);
  await sql`ALTER TABLE name_token_keys ADD PRIMARY KEY (key, token_id)`.execute(db);
  await generation.up(db);
}
