import { type Kysely, sql } from 'kysely';

/**
 * The affiliate program (docs/decisions/0031-affiliates-and-partner-revenue.md).
 *
 * - affiliates: one per member who joined, with the referral code shared as `?ref=CODE`.
 * - affiliate_clicks: one row per counted visit through a link; its random token is the
 *   first-party cookie, and its created_at the first touch (the server's clock, not the cookie's).
 *   One visitor (hashed address + user agent) counts once per affiliate per UTC day.
 * - orders.affiliate_id, membership_subscriptions.affiliate_id: the attribution, fixed at checkout.
 * - affiliate_commissions: 10% of an attributed sale, earned when it is paid; a refund marks it
 *   reversed (reversed_at) in the refund's transaction. One per order or subscription.
 * - affiliate_payouts: money staff paid out (SETTLE_PAYOUTS); balance = earned − reversed − paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('affiliates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('affiliate_clicks')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('affiliates.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('affiliate_clicks_once_a_day', ['affiliate_id', 'visitor_hash', 'day'])
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('affiliate_id', 'integer', (c) => c.references('affiliates.id'))
    .execute();
  await db.schema
    .alterTable('membership_subscriptions')
    .addColumn('affiliate_id', 'integer', (c) => c.references('affiliates.id'))
    .execute();
  await db.schema
    .createTable('affiliate_commissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('affiliates.id'))
    .addColumn('source_kind', 'text', (c) => c.notNull().check(sql`source_kind IN ('order', 'subscription')`))
    .addColumn('source_reference', 'text', (c) => c.notNull())
    .addColumn('base_cents', 'integer', (c) => c.notNull().check(sql`base_cents >= 0`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('earned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reversed_at', 'timestamptz')
    .addUniqueConstraint('affiliate_commissions_source_unique', ['source_kind', 'source_reference'])
    .execute();
  await sql`CREATE INDEX affiliate_commissions_by_affiliate ON affiliate_commissions (affiliate_id, earned_at)`.execute(
    db,
  );
  await sql`CREATE INDEX affiliate_commissions_earned_at ON affiliate_commissions (earned_at)`.execute(db);
  await sql`CREATE INDEX affiliate_clicks_day ON affiliate_clicks (day)`.execute(db);
  await db.schema
    .createTable('affiliate_payouts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('affiliate_id', 'integer', (c) => c.notNull().references('affiliates.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('note', 'text')
    .addColumn('settled_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX affiliate_payouts_by_affiliate ON affiliate_payouts (affiliate_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('affiliate_payouts').execute();
  await db.schema.dropTable('affiliate_commissions').execute();
  await db.schema.alterTable('membership_subscriptions').dropColumn('affiliate_id').execute();
  await db.schema.alterTable('orders').dropColumn('affiliate_id').execute();
  await db.schema.dropTable('affiliate_clicks').execute();
  await db.schema.dropTable('affiliates').execute();
}
