import { type Kysely, sql } from 'kysely';

/**
 * A payment page completes once (docs/decisions/0073-payments-pay-once.md).
 *
 * - test_gateway_checkouts: the test gateway's hosted checkouts, as Stripe keeps its Checkout
 *   Sessions. The pay page's address carries only the opaque id; the plan (payable, amount,
 *   email, description, return paths, interval) stays here. Completing one is a conditional
 *   UPDATE from 'open', so however many times its form is posted it is charged once; `event` is
 *   the charge's event, kept so that a later post can deliver it again (same id: a duplicate).
 * - provider_subscriptions: every recurring payment a provider reported for a payable, so that
 *   stopping a member's or a gift's payments stops all of them, not only the last one recorded.
 * - payment_refunds.unkept_charge: a charge the app took and does not keep (a duplicate, an
 *   over-limit renewal, a payment for a superseded plan) is refunded on its own row, keyed by the
 *   provider's charge id; a staff refund of a whole order or gift stays one row per payable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_gateway_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status IN ('open', 'paid', 'declined')`),
    )
    .addColumn('event', 'jsonb')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    // The maintenance job deletes checkouts a week past their expiry (pruneTestCheckouts).
    .createIndex('test_gateway_checkouts_expires')
    .on('test_gateway_checkouts')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('test_gateway_subscriptions_payable')
    .on('test_gateway_subscriptions')
    .columns(['payable_kind', 'payable_reference'])
    .execute();

  await db.schema
    .createTable('provider_subscriptions')
    .addColumn('subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('payable_kind', 'text', (c) => c.notNull())
    .addColumn('payable_reference', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('provider_subscriptions_payable')
    .on('provider_subscriptions')
    .columns(['payable_kind', 'payable_reference'])
    .execute();

  await db.schema.alterTable('payment_refunds').addColumn('unkept_charge', 'text').execute();
  await db.schema.alterTable('payment_refunds').addColumn('reason', 'text').execute();
  await db.schema.alterTable('payment_refunds').dropConstraint('payment_refunds_payable_unique').execute();
  await sql`CREATE UNIQUE INDEX payment_refunds_payable_unique ON payment_refunds (payable_kind, payable_reference)
    WHERE unkept_charge IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX payment_refunds_unkept_charge_unique ON payment_refunds (unkept_charge)
    WHERE unkept_charge IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM payment_refunds WHERE unkept_charge IS NOT NULL`.execute(db);
  await sql`DROP INDEX payment_refunds_unkept_charge_unique`.execute(db);
  await sql`DROP INDEX payment_refunds_payable_unique`.execute(db);
  await db.schema
    .alterTable('payment_refunds')
    .addUniqueConstraint('payment_refunds_payable_unique', ['payable_kind', 'payable_reference'])
    .execute();
  await db.schema.alterTable('payment_refunds').dropColumn('reason').execute();
  await db.schema.alterTable('payment_refunds').dropColumn('unkept_charge').execute();
  await db.schema.dropTable('provider_subscriptions').execute();
  await db.schema.dropIndex('test_gateway_subscriptions_payable').execute();
  await db.schema.dropTable('test_gateway_checkouts').execute();
}
