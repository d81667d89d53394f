import { type Kysely, sql } from 'kysely';

/**
 * A number that changes whenever the vocabulary of name words (name_tokens) does, so a copy of
 * the vocabulary held by the app knows whether it is still whole
 * (docs/decisions/0052-name-token-matching-in-the-app.md). Read in the search statement itself, it
 * decides there whether the app's token matches are used or name_token_matches runs instead, so a
 * stale copy can never change an answer.
 *
 * One row, bumped by statement triggers only when a statement added or removed tokens: a sign-up
 * whose words are all known takes no lock; one that adds a new word holds the row until it commits,
 * which also orders the bumps as the commits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE name_token_generation (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      generation bigint NOT NULL
    )`.execute(db);
  await sql`INSERT INTO name_token_generation (generation) VALUES (1)`.execute(db);
  await sql`
    CREATE FUNCTION name_tokens_generation_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed_tokens) THEN
        UPDATE name_token_generation SET generation = generation + 1;
      END IF;
      RETURN NULL;
    END;
    $$`.execute(db);
  // TRUNCATE has no transition table: its own function, which always bumps.
  await sql`
    CREATE FUNCTION name_tokens_generation_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE name_token_generation SET generation = generation + 1;
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER name_tokens_generation_insert AFTER INSERT ON name_tokens
    REFERENCING NEW TABLE AS changed_tokens
    FOR EACH STATEMENT EXECUTE FUNCTION name_tokens_generation_on_change()`.execute(db);
  await sql`
    CREATE TRIGGER name_tokens_generation_delete AFTER DELETE ON name_tokens
    REFERENCING OLD TABLE AS changed_tokens
    FOR EACH STATEMENT EXECUTE FUNCTION name_tokens_generation_on_change()`.execute(db);
  await sql`
    CREATE TRIGGER name_tokens_generation_truncate AFTER TRUNCATE ON name_tokens
    FOR EACH STATEMENT EXECUTE FUNCTION name_tokens_generation_on_truncate()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS name_tokens_generation_insert ON name_tokens`.execute(db);
  await sql`DROP TRIGGER IF EXISTS name_tokens_generation_delete ON name_tokens`.execute(db);
  await sql`DROP TRIGGER IF EXISTS name_tokens_generation_truncate ON name_tokens`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_tokens_generation_on_change()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS name_tokens_generation_on_truncate()`.execute(db);
  await sql`DROP TABLE IF EXISTS name_token_generation`.execute(db);
}
