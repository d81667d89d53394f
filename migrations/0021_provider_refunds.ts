import { type Kysely, sql } from 'kysely';

/**
 * Refunds that reach the payment provider (docs/decisions/0030-provider-refunds.md).
 *
 * - orders.provider_payment_id, donations.provider_payment_id: what the provider calls the charge
 *   that paid the row (Stripe: a PaymentIntent pi_… or, for a subscription's charge, its invoice
 *   in_…; the local test gateway: its event id). Null on rows paid before this migration.
 * - payment_refunds: one row per refunded order or gift, written in the transaction that marks it
 *   refunded, then sent to the provider by the payment-refunds job (pending → sending → sent, or
 *   failed after its attempts; 'manual' when there is no provider charge id to refund).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('provider_payment_id', 'text').execute();
  await db.schema.alterTable('donations').addColumn('provider_payment_id', 'text').execute();
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('payable_kind', 'text', (c) => c.notNull())
    .addColumn('payable_reference', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('pending', 'sending', 'sent', 'failed', 'manual')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('provider_refund_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('payment_refunds_payable_unique', ['payable_kind', 'payable_reference'])
    .execute();
  // The job's worklist: rows still to send (or stuck sending after a crash).
  await sql`CREATE INDEX payment_refunds_unsent ON payment_refunds (updated_at)
    WHERE status IN ('pending', 'sending')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.alterTable('donations').dropColumn('provider_payment_id').execute();
  await db.schema.alterTable('orders').dropColumn('provider_payment_id').execute();
}
