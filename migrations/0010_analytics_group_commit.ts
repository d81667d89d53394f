import { type Kysely, sql } from 'kysely';

/**
 * Group-commit ingest (docs/decisions/0013-ingest-group-commit.md): an index for the exit bookkeeping, and the tracking events
 * the database refused. The ingest writes events in batches; a batch that fails on its data is
 * split until the refused event is found, and that event is kept here instead of being retried
 * forever or blocking the events behind it. The payload is JSON
 * text (NUL and lone surrogates escaped, which is why it is not jsonb); the rows are pruned with
 * the raw analytics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_rejected_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('rejected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The SQLSTATE and message PostgreSQL gave (e.g. 22021 invalid byte sequence).
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX analytics_rejected_events_at ON analytics_rejected_events (rejected_at)`.execute(db);
  // Every batch of page views clears the exit flag of earlier page views of their sessions
  // (api/modules/analytics/ingest/writer.ts). Without an index on exactly those rows PostgreSQL
  // scans the whole table per batch, which group commit's many small batches cannot afford.
  await sql`CREATE INDEX analytics_page_views_exits ON analytics_page_views (session_id) WHERE is_exit`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX analytics_page_views_exits`.execute(db);
  await db.schema.dropTable('analytics_rejected_events').execute();
}
