import { type Kysely, sql } from 'kysely';

/**
 * Declined renewals retried on a schedule, and disputes of a subscription's charge linked to
 * their gift (docs/decisions/0094-refcodes-and-honest-monthly.md).
 *
 * - test_gateway_subscriptions.retry_at, declined_tries, unpaid_period_start: the test gateway
 *   tries a declined renewal again 1, 3 and 5 days after the first decline, as a provider's retry
 *   schedule does, until the fourth decline in a row; `unpaid_period_start` is the period the
 *   tries pay for (next_charge_at already names its end).
 * - payment_disputes.invoice_id: the invoice the disputed charge paid, when it paid one (Stripe
 *   names a dispute by its PaymentIntent; a renewal's gift keeps the invoice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('test_gateway_subscriptions')
    .addColumn('retry_at', 'timestamptz')
    .addColumn('declined_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unpaid_period_start', 'timestamptz')
    .execute();
  await sql`CREATE INDEX test_gateway_subscriptions_retry ON test_gateway_subscriptions (retry_at)
    WHERE retry_at IS NOT NULL`.execute(db);
  await db.schema.alterTable('payment_disputes').addColumn('invoice_id', 'text').execute();
  await sql`CREATE INDEX payment_disputes_invoice ON payment_disputes (invoice_id)
    WHERE invoice_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS payment_disputes_invoice`.execute(db);
  await db.schema.alterTable('payment_disputes').dropColumn('invoice_id').execute();
  await sql`DROP INDEX IF EXISTS test_gateway_subscriptions_retry`.execute(db);
  await db.schema
    .alterTable('test_gateway_subscriptions')
    .dropColumn('retry_at')
    .dropColumn('declined_tries')
    .dropColumn('unpaid_period_start')
    .execute();
}
