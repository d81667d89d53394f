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
  await sql`
    CREATE FUNCTION name_tokens_keys_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO name_token_keys (key, token_id)
        SELECT x.key, n.id FROM inserted_tokens n CROSS JOIN LATERAL unnest(name_token_keys(n.token)) AS x (key)
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END;
    $$`.execute(db);
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
      SELECT DISTINCT x.key, t.id FROM name_tokens t CROSS JOIN LATERAL unnest(name_token_keys(t.token)) AS x (key)`.execute(
    db,
  );
  await sql`ANALYZE name_token_keys`.execute(db);
  await sql`DROP INDEX IF EXISTS name_tokens_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS name_tokens_trgm ON name_tokens USING gin (token gin_trgm_ops)`.execute(db);
  await sql`DROP TRIGGER IF EXISTS name_tokens_keys_insert ON name_tokens`.execute(db);
  await sql`DROP TRIGGER IF EXISTS name_tokens_keys_delete ON name_tokens`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_tokens_keys_on_insert()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_tokens_keys_on_delete()`.execute(db);
  await sql`DROP TABLE IF EXISTS name_token_keys`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_token_keys(text)`.execute(db);
}
