import { type Kysely, sql } from 'kysely';

/**
 * Typo lookup that stays cheap with a realistic vocabulary (docs/decisions/0026): each name token
 * is stored under deletion keys (the token with 0, 1 or, from five letters, 2 letters removed,
 * hashed to an integer), so the tokens within edit distance 2 of a query word are found by a few
 * dozen btree probes instead of a trigram GIN scan over thousands of postings. The trigram GIN
 * index goes: nothing searches through it any more, and every bulk load paid for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The same function makes the keys of a stored token and of a query word: two words within the
  // allowed distance (1 below five letters, 2 from five) always share a key (symmetric deletion).
  // Hash collisions only add candidates, which the edit-distance check then drops.
  await sql`
    CREATE FUNCTION name_token_keys(word text) RETURNS integer[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT array_agg(DISTINCT hashtext(k)) FROM (
        SELECT word AS k
        UNION ALL
        SELECT left(word, i - 1) || substr(word, i + 1)
        FROM generate_series(1, length(word)) i
        WHERE length(word) >= 3
        UNION ALL
        SELECT left(word, i - 1) || substr(word, i + 1, j - i - 1) || substr(word, j + 1)
        FROM generate_series(1, length(word)) i, generate_series(i + 1, length(word)) j
        WHERE length(word) >= 5
      ) keys
    $$`.execute(db);

  await sql`
    CREATE TABLE name_token_keys (
      key integer NOT NULL,
      token_id integer NOT NULL,
      PRIMARY KEY (key, token_id)
    )`.execute(db);

  // Kept in step with name_tokens whoever writes it (index_user_names, rebuild_name_tokens).
  await createKeysOnInsert(db);
  await sql`
    CREATE FUNCTION name_tokens_keys_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM name_token_keys k
        USING deleted_tokens o CROSS JOIN LATERAL unnest(name_token_keys(o.token)) AS x (key)
        WHERE k.key = x.key AND k.token_id = o.id;
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER name_tokens_keys_insert AFTER INSERT ON name_tokens
    REFERENCING NEW TABLE AS inserted_tokens
    FOR EACH STATEMENT EXECUTE FUNCTION name_tokens_keys_on_insert()`.execute(db);
  await sql`
    CREATE TRIGGER name_tokens_keys_delete AFTER DELETE ON name_tokens
    REFERENCING OLD TABLE AS deleted_tokens
    FOR EACH STATEMENT EXECUTE FUNCTION name_tokens_keys_on_delete()`.execute(db);

  await sql`
    INSERT INTO name_token_keys (key, token_id)
      SELECT x.key, t.id FROM name_tokens t CROSS JOIN LATERAL unnest(name_token_keys(t.token)) AS x (key)
      ORDER BY 1, 2`.execute(db);
  await sql`ANALYZE name_token_keys`.execute(db);

  await createNameTokenMatches(db);
  await sql`DROP INDEX IF EXISTS name_tokens_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS name_tokens_trgm ON name_tokens USING gin (token gin_trgm_ops)`.execute(
    db,
  );
  await sql`DROP TRIGGER IF EXISTS name_tokens_keys_insert ON name_tokens`.execute(db);
  await sql`DROP TRIGGER IF EXISTS name_tokens_keys_delete ON name_tokens`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_token_matches(text, integer)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_tokens_keys_on_insert()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_tokens_keys_on_delete()`.execute(db);
  await sql`DROP TABLE IF EXISTS name_token_keys`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_token_keys(text)`.execute(db);
}

/** The keys of each token inserted, this migration's way (migration 0037 also stores the token). */
export async function createKeysOnInsert(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION name_tokens_keys_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO name_token_keys (key, token_id)
        SELECT x.key, n.id FROM inserted_tokens n CROSS JOIN LATERAL unnest(name_token_keys(n.token)) AS x (key)
        -- In key order: a bulk load's millions of keys then fill the btree page after page.
        ORDER BY 1, 2
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END;
    $$`.execute(db);
}

// One query word's best tokens, scored (docs/decisions/0017 for the scores, 0026 for the lookup).
// A PL/pgSQL function so its plan is made once per connection and reused: inlined in the search
// statement, planning these subqueries cost more than running them.
export async function createNameTokenMatches(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION name_token_matches(word text, max_tokens integer)
    RETURNS TABLE (matched_token integer, matched_score double precision)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    -- Generic plans once the word no longer changes them (btree probes either way): the
    -- connections' force_custom_plan would re-plan this query on every call, twice its cost.
    SET plan_cache_mode = auto
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
              WHEN t.token >= w AND t.token < w || '~' THEN 0.6 + 0.35 * length(w) / length(t.token)
              ELSE 0.85 * greatest(similarity(t.token, w), 1.0 - t.distance::float8 / greatest(length(t.token), length(w)))
            END::float8 AS score
          FROM (
            SELECT u.id, u.token, CASE
                -- Same letters, same length: two swapped letters, one slip of the fingers.
                WHEN length(u.token) = length(w) AND translate(u.token, w, '') = '' AND translate(w, u.token, '') = ''
                  THEN least(levenshtein_less_equal(u.token, w, 2), 1)
                ELSE levenshtein_less_equal(u.token, w, 2) END AS distance
            FROM (
              SELECT p.id, p.token FROM name_tokens p WHERE p.token >= w AND p.token < w || '~'
              UNION
              SELECT n.id, n.token FROM name_tokens n
              WHERE n.id IN (SELECT k.token_id FROM name_token_keys k WHERE k.key = ANY (keys))
            ) u
          ) t
          WHERE (t.token >= w AND t.token < w || '~') OR t.distance <= max_distance
          ORDER BY 2 DESC, t.token
          LIMIT max_tokens
        ) c
      ) s
      -- Tokens far below the word's best match are noise ("mario" when "maria" exists).
      WHERE s.score >= greatest(0.45, s.best - 0.3);
    END;
    $$`.execute(db);
}
