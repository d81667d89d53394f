import { type Kysely, sql } from 'kysely';

/**
 * Giving that donors come back to, part 1 (docs/decisions/0094-refcodes-and-honest-monthly.md).
 *
 * - refcode, refcode2 on gifts and monthly gifts: where the donor came from (an email send's
 *   `em-{send}`, or whatever the campaign put on its link). A renewal carries its monthly gift's.
 *   The by-source table groups a candidate's paid gifts by refcode, hence the index.
 * - candidate_giving_pages: the pitch the candidate writes on the dashboard for their donation page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['donations', 'recurring_donations']) {
    await db.schema.alterTable(table).addColumn('refcode', 'text').addColumn('refcode2', 'text').execute();
  }
  await sql`CREATE INDEX donations_candidate_refcode ON donations (candidate_id, refcode)
    WHERE status = 'paid'`.execute(db);
  await db.schema
    .createTable('candidate_giving_pages')
    .addColumn('candidate_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('pitch', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candidate_giving_pages').ifExists().execute();
  await sql`DROP INDEX IF EXISTS donations_candidate_refcode`.execute(db);
  for (const table of ['donations', 'recurring_donations']) {
    await db.schema.alterTable(table).dropColumn('refcode').dropColumn('refcode2').execute();
  }
}
