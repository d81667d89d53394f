import { type Kysely, sql } from 'kysely';

/**
 * name_token_keys (0018) as PL/pgSQL, with the same keys in the same order. As a SQL function
 * with an aggregate it could not be inlined, so every search word paid for planning its body
 * again (about 0.12 ms of name_token_matches' 0.6 ms); PL/pgSQL keeps its one statement's plan
 * for the connection (docs/decisions/0048-generic-plans-for-value-independent-statements.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION name_token_keys(word text) RETURNS integer[]
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      n integer := length(word);
      keys integer[] := ARRAY[hashtext(word)];
    BEGIN
      -- The word, the word less one letter (from three letters), less two letters (from five).
      IF n >= 3 THEN
        FOR i IN 1..n LOOP
          keys := keys || hashtext(left(word, i - 1) || substr(word, i + 1));
          IF n >= 5 THEN
            FOR j IN i + 1..n LOOP
              keys := keys || hashtext(left(word, i - 1) || substr(word, i + 1, j - i - 1) || substr(word, j + 1));
            END LOOP;
          END IF;
        END LOOP;
      END IF;
      RETURN ARRAY(SELECT DISTINCT k FROM unnest(keys) k ORDER BY 1);
    END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION name_token_keys(word text) RETURNS integer[]
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
}
