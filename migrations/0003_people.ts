import { type Kysely, sql } from 'kysely';

/**
 * People: profile attributes and their visibility, follows, notification preferences, deleted
 * accounts, and the name-token index behind people search (docs/decisions/0017-people-search.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    // { attribute: value | value[] } with values from the reference lists.
    .addColumn('profile_attributes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // { attribute: 'public' | 'members' | 'private' }; an attribute not listed has its default.
    .addColumn('attribute_visibility', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // A deleted account keeps its row (and id) as an anonymous tombstone for financial records.
    .addColumn('deleted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  await db.schema
    .createIndex('follows_followee')
    .on('follows')
    .columns(['followee_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_type', 'smallint', (c) =>
      c.notNull().check(sql`notification_type BETWEEN 1 AND 11`),
    )
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'notification_type'])
    .execute();

  await createNameTokenIndex(db);
}

/**
 * Search matches each query word against the few thousand distinct name words (trigram GIN,
 * prefix range, edit distance), then finds people through (token, user) by btree. Triggers keep
 * both tables in step with users, set-based per statement so the seed's 1,000-row upserts stay fast.
 */
async function createNameTokenIndex(db: Kysely<unknown>): Promise<void> {
  // One normalization for names and queries: lower case, accents folded, apostrophes dropped
  // ("O'Brien" = "obrien"), split on anything else. Connecting words carry no identity and are
  // not indexed; a query keeps them, since "and" may be the start of "Andrews".
  await sql`
    CREATE FUNCTION name_search_words(input text, keep_connecting_words boolean DEFAULT false) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT word), '{}')
      FROM regexp_split_to_table(
        translate(
          replace(replace(lower(coalesce(input, '')), '''', ''), '’', ''),
          'áàâäãåāăąçćčďéèêëēėęěğíìîïīįıľłńñňóòôöõøōőřśšşťúùûüūůűųýÿźżž',
          'aaaaaaaaacccdeeeeeeeegiiiiiiillnnnoooooooorssstuuuuuuuuyyzzz'
        ),
        '[^a-z0-9]+'
      ) AS word
      WHERE word <> ''
        AND (keep_connecting_words OR word NOT IN ('a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the', 'to'))
    $$`.execute(db);

  await sql`
    CREATE TABLE name_tokens (
      id serial PRIMARY KEY,
      token text COLLATE "C" NOT NULL UNIQUE
    )`.execute(db);
  await sql`CREATE INDEX name_tokens_trgm ON name_tokens USING gin (token gin_trgm_ops)`.execute(db);

  // No foreign keys: their per-row checks doubled the cost of a bulk rebuild. Links of a
  // deleted users row are removed by the delete trigger below; search joins users anyway.
  await sql`
    CREATE TABLE user_name_tokens (
      token_id integer NOT NULL,
      user_id integer NOT NULL,
      PRIMARY KEY (token_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX user_name_tokens_user ON user_name_tokens (user_id)`.execute(db);

  // Indexes the given users' names (deleted accounts have none); the users' previous links go.
  // Words are computed once: new tokens come back from RETURNING, known ones from the table.
  await sql`
    CREATE FUNCTION index_user_names(user_ids integer[]) RETURNS void
    LANGUAGE sql AS $$
      DELETE FROM user_name_tokens WHERE user_id = ANY (user_ids);
      WITH words AS MATERIALIZED (
        SELECT u.id AS user_id, w.word
        FROM users u
        CROSS JOIN LATERAL unnest(name_search_words(concat_ws(' ', u.first_name, u.last_name, u.org_name))) AS w (word)
        WHERE u.id = ANY (user_ids) AND u.deleted_at IS NULL
      ), added AS (
        INSERT INTO name_tokens (token) SELECT DISTINCT word FROM words
        ON CONFLICT (token) DO NOTHING
        RETURNING id, token
      )
      INSERT INTO user_name_tokens (token_id, user_id)
        SELECT coalesce(a.id, t.id), w.user_id
        FROM words w
        LEFT JOIN added a ON a.token = w.word
        LEFT JOIN name_tokens t ON t.token = w.word
        WHERE coalesce(a.id, t.id) IS NOT NULL
        ON CONFLICT DO NOTHING;
    $$`.execute(db);

  // The seed sets campaign_hq.defer_name_tokens for its transaction and rebuilds once at the end.
  await sql`
    CREATE FUNCTION users_name_tokens_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('campaign_hq.defer_name_tokens', true), '') <> 'on' THEN
        PERFORM index_user_names(ARRAY(SELECT id FROM inserted_users));
      END IF;
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`
    CREATE FUNCTION users_name_tokens_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF coalesce(current_setting('campaign_hq.defer_name_tokens', true), '') <> 'on' THEN
        PERFORM index_user_names(ARRAY(
          SELECT n.id FROM updated_users n JOIN previous_users o ON o.id = n.id
          WHERE (n.first_name, n.last_name, n.org_name, n.deleted_at)
            IS DISTINCT FROM (o.first_name, o.last_name, o.org_name, o.deleted_at)
        ));
      END IF;
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`
    CREATE FUNCTION users_name_tokens_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM user_name_tokens WHERE user_id IN (SELECT id FROM deleted_users);
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER users_name_tokens_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS inserted_users
    FOR EACH STATEMENT EXECUTE FUNCTION users_name_tokens_on_insert()`.execute(db);
  await sql`
    CREATE TRIGGER users_name_tokens_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS previous_users NEW TABLE AS updated_users
    FOR EACH STATEMENT EXECUTE FUNCTION users_name_tokens_on_update()`.execute(db);
  await sql`
    CREATE TRIGGER users_name_tokens_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS deleted_users
    FOR EACH STATEMENT EXECUTE FUNCTION users_name_tokens_on_delete()`.execute(db);

  // Set-based rebuild of the whole index: after a bulk load, or to repair it.
  await sql`
    CREATE FUNCTION rebuild_name_tokens() RETURNS void LANGUAGE sql AS $$
      TRUNCATE user_name_tokens;
      WITH words AS MATERIALIZED (
        SELECT u.id AS user_id, w.word
        FROM users u
        CROSS JOIN LATERAL unnest(name_search_words(concat_ws(' ', u.first_name, u.last_name, u.org_name))) AS w (word)
        WHERE u.deleted_at IS NULL
      ), added AS (
        INSERT INTO name_tokens (token) SELECT DISTINCT word FROM words
        ON CONFLICT (token) DO NOTHING
        RETURNING id, token
      )
      INSERT INTO user_name_tokens (token_id, user_id)
        SELECT coalesce(a.id, t.id), w.user_id
        FROM words w
        LEFT JOIN added a ON a.token = w.word
        LEFT JOIN name_tokens t ON t.token = w.word
        WHERE coalesce(a.id, t.id) IS NOT NULL;
      DELETE FROM name_tokens t WHERE NOT EXISTS (SELECT 1 FROM user_name_tokens l WHERE l.token_id = t.id);
      ANALYZE name_tokens;
      ANALYZE user_name_tokens;
    $$`.execute(db);
  await sql`SELECT rebuild_name_tokens()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS users_name_tokens_insert ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_name_tokens_update ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_name_tokens_delete ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS users_name_tokens_on_delete()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS rebuild_name_tokens()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS users_name_tokens_on_update()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS users_name_tokens_on_insert()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS index_user_names(integer[])`.execute(db);
  for (const t of ['user_name_tokens', 'name_tokens', 'notification_preferences', 'follows']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`DROP FUNCTION IF EXISTS name_search_words(text, boolean)`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('profile_attributes')
    .dropColumn('attribute_visibility')
    .dropColumn('deleted_at')
    .execute();
}
