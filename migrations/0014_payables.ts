import { type Kysely, sql } from 'kysely';

/**
 * Payments name what they pay for (docs/decisions/0020): every recorded webhook event keeps its
 * payable's kind and reference (orders before this migration are backfilled from order_id), and
 * the local test gateway keeps its own subscriptions, which its renewal runner charges.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_events').addColumn('payable_kind', 'text').execute();
  await db.schema.alterTable('payment_events').addColumn('payable_reference', 'text').execute();
  await sql`UPDATE payment_events SET payable_kind = 'order', payable_reference = orders.number
    FROM orders WHERE orders.id = payment_events.order_id`.execute(db);

  await db.schema
    .createTable('test_gateway_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payable_kind', 'text', (c) => c.notNull())
    .addColumn('payable_reference', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('billing_interval', 'text', (c) =>
      c.notNull().check(sql`billing_interval IN ('month', 'year')`),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('next_charge_at', 'timestamptz', (c) => c.notNull())
    // 'active' is charged when due; 'past_due' after a declined renewal (not charged again).
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status IN ('active', 'past_due', 'cancelled')`),
    )
    // Charges taken so far, the first included: the next charge's number names its event.
    .addColumn('charges', 'integer', (c) => c.notNull().defaultTo(1))
    // The test card 4000 0000 0000 0341: the first charge succeeds, every renewal is declined.
    .addColumn('declines_renewals', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX test_gateway_subscriptions_due ON test_gateway_subscriptions (next_charge_at)
    WHERE status = 'active'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_gateway_subscriptions').ifExists().execute();
  await db.schema.alterTable('payment_events').dropColumn('payable_reference').execute();
  await db.schema.alterTable('payment_events').dropColumn('payable_kind').execute();
}
