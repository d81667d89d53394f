import { type Kysely, sql } from 'kysely';

/**
 * Counters for the console's home screen and Users Location (docs/decisions/0037-console-counters.md):
 * what they showed by counting every users row (~0.65 s at 1M members) is kept current by
 * statement triggers on users, so a read sums a few hundred small rows.
 *
 * - user_count_totals: members (not staff), organizations, candidates, staff, blocked accounts.
 * - member_signups_daily: members by the UTC day they were created (new in 30 days, by month).
 * - member_state_counts: members by state (Users Location).
 *
 * Every row has a shard (pg_backend_pid() % 16): concurrent sign-ups on different connections
 * add to different rows instead of queueing on one; readers sum the shards. A trigger always
 * updates its shard's totals row first, so two transactions on one shard serialise there before
 * they take any other counter row (no deadlock between the day and state rows). Statement
 * triggers with transition tables (like the name tokens of 0003) cost one aggregate per
 * statement, so a bulk load of a million members adds one upsert per counter row, not per member.
 * The backfill counts what is there when the migration runs, into shard 0.
 *
 * analytics_monthly_pages: the daily page rows of migration 0008 summed per calendar month, kept
 * by the rollup (api/modules/analytics/reports/rollup.ts) whenever it rolls up a day, so a year of
 * top pages reads 12 month rows per path instead of 366 day rows; backfilled from the daily rows.
 */

const SHARDS = 16;

/** The changes of one statement as (sign, row columns), from the transition table(s) it has. */
const CHANGES = {
  insert: 'SELECT 1 AS sign, n.* FROM inserted_users n',
  delete: 'SELECT -1 AS sign, o.* FROM deleted_users o',
  // Only rows whose counted columns changed: most updates of users (profile, sign-in) touch none.
  update: `SELECT -1 AS sign, o.* FROM previous_users o JOIN updated_users n ON n.id = o.id WHERE ${changed()}
    UNION ALL
    SELECT 1 AS sign, n.* FROM previous_users o JOIN updated_users n ON n.id = o.id WHERE ${changed()}`,
};

function changed() {
  return `(o.is_admin, o.kind, o.is_candidate, o.blocked_at IS NULL, o.state, o.created_at)
    IS DISTINCT FROM (n.is_admin, n.kind, n.is_candidate, n.blocked_at IS NULL, n.state, n.created_at)`;
}

/** The three upserts, in a fixed order (totals first: see above), adding the signed changes. */
function applyChanges(changes: string, shard = `(pg_backend_pid() % ${SHARDS})::smallint`): string[] {
  return [
    `INSERT INTO user_count_totals AS t (shard, members, organizations, candidates, staff, blocked)
      SELECT ${shard}, sum(c.sign * (NOT c.is_admin)::int), sum(c.sign * (c.kind = 'organization')::int),
             sum(c.sign * c.is_candidate::int), sum(c.sign * c.is_admin::int),
             sum(c.sign * (c.blocked_at IS NOT NULL)::int)
      FROM (${changes}) c
      HAVING count(*) > 0
    ON CONFLICT (shard) DO UPDATE SET members = t.members + excluded.members,
      organizations = t.organizations + excluded.organizations, candidates = t.candidates + excluded.candidates,
      staff = t.staff + excluded.staff, blocked = t.blocked + excluded.blocked`,
    `INSERT INTO member_signups_daily AS t (day, shard, members)
      SELECT (c.created_at AT TIME ZONE 'UTC')::date, ${shard}, sum(c.sign)
      FROM (${changes}) c WHERE NOT c.is_admin
      GROUP BY 1 HAVING sum(c.sign) <> 0 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET members = t.members + excluded.members`,
    `INSERT INTO member_state_counts AS t (state, shard, members)
      SELECT c.state, ${shard}, sum(c.sign)
      FROM (${changes}) c WHERE NOT c.is_admin AND c.state IS NOT NULL
      GROUP BY 1 HAVING sum(c.sign) <> 0 ORDER BY 1
    ON CONFLICT (state, shard) DO UPDATE SET members = t.members + excluded.members`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_count_totals (
      shard smallint PRIMARY KEY,
      members integer NOT NULL DEFAULT 0,
      organizations integer NOT NULL DEFAULT 0,
      candidates integer NOT NULL DEFAULT 0,
      staff integer NOT NULL DEFAULT 0,
      blocked integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE member_signups_daily (
      day date NOT NULL,
      shard smallint NOT NULL,
      members integer NOT NULL,
      PRIMARY KEY (day, shard)
    )`.execute(db);
  await sql`
    CREATE TABLE member_state_counts (
      state text NOT NULL,
      shard smallint NOT NULL,
      members integer NOT NULL,
      PRIMARY KEY (state, shard)
    )`.execute(db);

  for (const [op, changes] of Object.entries(CHANGES)) {
    await sql
      .raw(`
        CREATE FUNCTION user_counts_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${applyChanges(changes).join(';\n')};
          RETURN NULL;
        END;
        $$`)
      .execute(db);
  }
  await sql`
    CREATE TRIGGER user_counts_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS inserted_users
    FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_insert()`.execute(db);
  await sql`
    CREATE TRIGGER user_counts_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS previous_users NEW TABLE AS updated_users
    FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_update()`.execute(db);
  await sql`
    CREATE TRIGGER user_counts_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS deleted_users
    FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_delete()`.execute(db);
  await sql`
    CREATE FUNCTION user_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM user_count_totals;
      DELETE FROM member_signups_daily;
      DELETE FROM member_state_counts;
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_truncate()`.execute(db);

  await sql`
    CREATE TABLE analytics_monthly_pages (
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      path text NOT NULL,
      page_views integer NOT NULL,
      exits integer NOT NULL,
      total_duration_ms bigint NOT NULL,
      timed_views integer NOT NULL,
      PRIMARY KEY (month, path)
    )`.execute(db);
  await sql`
    INSERT INTO analytics_monthly_pages (month, path, page_views, exits, total_duration_ms, timed_views)
    SELECT date_trunc('month', day)::date, path, sum(page_views), sum(exits), sum(total_duration_ms), sum(timed_views)
    FROM analytics_daily_pages GROUP BY 1, 2`.execute(db);

  // Backfill. A sign-up committing while this runs is counted by its trigger once this commits.
  await sql`LOCK TABLE users IN SHARE MODE`.execute(db);
  for (const statement of applyChanges('SELECT 1 AS sign, u.* FROM users u', '0::smallint')) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const op of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS user_counts_${op} ON users`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS user_counts_on_${op}()`).execute(db);
  }
  for (const table of [
    'analytics_monthly_pages',
    'member_state_counts',
    'member_signups_daily',
    'user_count_totals',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
