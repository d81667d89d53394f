import { type Kysely, sql } from 'kysely';

/**
 * Monthly gifts a donor can see and manage, and recurring that tells the truth
 * (docs/decisions/0094-refcodes-and-honest-monthly.md).
 *
 * - recurring_donations.asked_from_donation_id: the paid one-time gift whose thank-you page asked
 *   for this monthly gift (one running monthly gift per ask).
 * - recurring_donations 'paused' status, paused_at: the provider charges nothing while paused
 *   (the test gateway's subscriptions get the same status).
 * - recurring_donations.next_charge_at: when the provider charges next (the period's end the last
 *   charge reported), for receipts and /giving.
 * - recurring_donations.failed_renewals: renewals declined in a row; the card-update email goes
 *   with each, and the gift stops after the last retry.
 * - payment_disputes: a charge the payer disputed at the provider (Stripe charge.dispute.created),
 *   once per dispute, named by the provider's payment id that the charge's owner kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE recurring_donations DROP CONSTRAINT IF EXISTS recurring_donations_status_check`.execute(
    db,
  );
  await sql`ALTER TABLE recurring_donations ADD CONSTRAINT recurring_donations_status_check
    CHECK (status IN ('pending', 'active', 'paused', 'cancelled', 'limit_reached', 'failed'))`.execute(db);
  // The test gateway pauses a subscription as a provider would (its charges skip it).
  await sql`ALTER TABLE test_gateway_subscriptions DROP CONSTRAINT IF EXISTS test_gateway_subscriptions_status_check`.execute(
    db,
  );
  await sql`ALTER TABLE test_gateway_subscriptions ADD CONSTRAINT test_gateway_subscriptions_status_check
    CHECK (status IN ('active', 'past_due', 'paused', 'cancelled'))`.execute(db);
  await db.schema
    .alterTable('recurring_donations')
    .addColumn('asked_from_donation_id', 'bigint', (c) => c.references('donations.id'))
    .addColumn('paused_at', 'timestamptz')
    .addColumn('next_charge_at', 'timestamptz')
    .addColumn('failed_renewals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`CREATE INDEX recurring_donations_asked_from ON recurring_donations (asked_from_donation_id)
    WHERE asked_from_donation_id IS NOT NULL`.execute(db);
  await db.schema
    .createTable('payment_disputes')
    .addColumn('dispute_id', 'text', (c) => c.primaryKey())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX payment_disputes_charge ON payment_disputes (provider_payment_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_disputes').ifExists().execute();
  await sql`DROP INDEX IF EXISTS recurring_donations_asked_from`.execute(db);
  await db.schema
    .alterTable('recurring_donations')
    .dropColumn('asked_from_donation_id')
    .dropColumn('paused_at')
    .dropColumn('next_charge_at')
    .dropColumn('failed_renewals')
    .execute();
  await sql`ALTER TABLE recurring_donations DROP CONSTRAINT IF EXISTS recurring_donations_status_check`.execute(
    db,
  );
  await sql`ALTER TABLE recurring_donations ADD CONSTRAINT recurring_donations_status_check
    CHECK (status IN ('pending', 'active', 'cancelled', 'limit_reached', 'failed'))`.execute(db);
  await sql`ALTER TABLE test_gateway_subscriptions DROP CONSTRAINT IF EXISTS test_gateway_subscriptions_status_check`.execute(
    db,
  );
  await sql`ALTER TABLE test_gateway_subscriptions ADD CONSTRAINT test_gateway_subscriptions_status_check
    CHECK (status IN ('active', 'past_due', 'cancelled'))`.execute(db);
}
