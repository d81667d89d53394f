import { type Kysely, sql } from 'kysely';

/**
 * Treasurers and 48-hour notices (docs/decisions/0090-fec-reports.md).
 *
 * - campaign_treasurers: the members a candidate named treasurer; revoking stamps revoked_at (the
 *   row stays, with the audit log, as the record of who could see what when). One live naming per
 *   candidate and member.
 * - forty_eight_hour_notices: a candidate's notice for one election, open until the candidate
 *   marks it filed; gifts paid after that go into a new one.
 * - forty_eight_hour_notice_gifts: which notice carries each qualifying gift. The gift is the key,
 *   so a gift is in exactly one notice however often its payment is delivered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_treasurers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('named_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addCheckConstraint('campaign_treasurers_not_self', sql`candidate_id <> user_id`)
    .execute();
  await sql`CREATE UNIQUE INDEX campaign_treasurers_live ON campaign_treasurers (candidate_id, user_id)
    WHERE revoked_at IS NULL`.execute(db);
  await sql`CREATE INDEX campaign_treasurers_user ON campaign_treasurers (user_id) WHERE revoked_at IS NULL`.execute(
    db,
  );

  await db.schema
    .createTable('forty_eight_hour_notices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('election', 'text', (c) => c.notNull().check(sql`election IN ('primary', 'general')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('filed_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX forty_eight_hour_notices_open ON forty_eight_hour_notices (candidate_id, election)
    WHERE filed_at IS NULL`.execute(db);
  await db.schema
    .createTable('forty_eight_hour_notice_gifts')
    .addColumn('donation_id', 'bigint', (c) => c.primaryKey().references('donations.id').onDelete('cascade'))
    .addColumn('notice_id', 'integer', (c) =>
      c.notNull().references('forty_eight_hour_notices.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('forty_eight_hour_notice_gifts_notice')
    .on('forty_eight_hour_notice_gifts')
    .column('notice_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('forty_eight_hour_notice_gifts').ifExists().execute();
  await db.schema.dropTable('forty_eight_hour_notices').ifExists().execute();
  await db.schema.dropTable('campaign_treasurers').ifExists().execute();
}
