import { type Kysely, sql } from 'kysely';

/**
 * First-party analytics (issue 8). Raw events (sessions, page views, clicks, activity) are
 * written in batches by api/modules/analytics/ingest and pruned after the retention period;
 * the daily rollups are what the console's analytics screen reads, so it stays fast as the raw
 * tables grow. No IP address is stored: a visitor is a keyed hash that changes daily.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // HMAC(secret, day + ip + user agent): counts unique visitors without keeping the IP.
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX analytics_sessions_started ON analytics_sessions (started_at)`.execute(db);

  await db.schema
    .createTable('analytics_page_views')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // No foreign key: page views are batched apart from their session and pruned by age.
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    // The path alone (no query string, no fragment): what reports and the heatmap group by.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('referrer', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.check(sql`duration_ms >= 0`))
    .addColumn('is_exit', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ended_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX analytics_page_views_started ON analytics_page_views (started_at)`.execute(db);
  await sql`CREATE INDEX analytics_page_views_session ON analytics_page_views (session_id, started_at)`.execute(
    db,
  );

  await db.schema
    .createTable('analytics_clicks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('selector', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    // Pixels, or percentages of the page size when is_normalized.
    .addColumn('x', 'double precision')
    .addColumn('y', 'double precision')
    .addColumn('window_width', 'integer', (c) => c.notNull())
    .addColumn('window_height', 'integer', (c) => c.notNull())
    .addColumn('is_normalized', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The heatmap reads one path over a time window.
  await sql`CREATE INDEX analytics_clicks_path_time ON analytics_clicks (path, created_at)`.execute(db);

  await db.schema
    .createTable('user_activity')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX user_activity_user_time ON user_activity (user_id, created_at DESC)`.execute(db);

  // Daily rollups, recomputed from the raw tables for the days that changed.
  await db.schema
    .createTable('analytics_daily_totals')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('page_views', 'integer', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('total_duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('timed_views', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_daily_pages')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('page_views', 'integer', (c) => c.notNull())
    .addColumn('exits', 'integer', (c) => c.notNull())
    .addColumn('total_duration_ms', 'bigint', (c) => c.notNull())
    .addColumn('timed_views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_pages_pk', ['day', 'path'])
    .execute();

  await db.schema
    .createTable('analytics_daily_sources')
    .addColumn('day', 'date', (c) => c.notNull())
    // 'referrer' (value = referring host, '' for direct) or 'campaign' (value = utm campaign).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('medium', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_sources_pk', ['day', 'kind', 'value', 'source', 'medium'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_daily_sources',
    'analytics_daily_pages',
    'analytics_daily_totals',
    'user_activity',
    'analytics_clicks',
    'analytics_page_views',
    'analytics_sessions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
