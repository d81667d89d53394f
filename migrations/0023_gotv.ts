import { type Kysely, sql } from 'kysely';

/**
 * GOTV and candidates' emails (docs/decisions/0032).
 *
 * - mass_email_allowance_usage: how many recipients a member's sends have queued in a calendar month
 *   (UTC). The queuing transaction adds a send's recipients with one conditional upsert
 *   (`used + n <= the tier's follower_emails_per_month`), so the row lock serializes two racing
 *   sends and the second one that would pass the allowance is refused.
 * - users (state): GOTV segments filter members by state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mass_email_allowance_usage')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The first day of the month the recipients count toward.
    .addColumn('month', 'date', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().check(sql`used >= 0`))
    .addPrimaryKeyConstraint('mass_email_allowance_usage_pk', ['user_id', 'month'])
    .execute();
  await db.schema.createIndex('users_state').on('users').column('state').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_state').ifExists().execute();
  await db.schema.dropTable('mass_email_allowance_usage').ifExists().execute();
}
