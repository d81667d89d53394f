import { afterAll, beforeAll } from 'vitest';
import { type GiftDeps, startGift } from '../../api/modules/donations/start-gift';
import { createAppPayableOwners } from '../../api/modules/payable-owners';
import { deliverTestGatewayEvent } from '../../api/modules/payments/test-gateway-delivery';
import { startTestSubscription } from '../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../api/modules/payments/webhook';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createPaymentsPort } from '../../api/ports/payments';
import { TEST_CARDS, testPayableEvent } from '../../api/ports/payments/test-gateway';
import { aGift } from './donations';
import { recurringPlanOf } from './payables';
import { createTestApp, type TestApp } from './test-app';

/**
 * One test app with the donation owner wired, for the giving tests (limits, payments, monthly
 * gifts). The bindings are live: they hold the app once `setUpGivingApp()`'s beforeAll has run.
 */
export let t: TestApp;
export let deps: PaymentWebhookDeps;
export let gifts: GiftDeps;

export function setUpGivingApp() {
  beforeAll(async () => {
    t = await createTestApp();
    deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
    gifts = { db: t.db, payments: createPaymentsPort(t.config, t.db) };
  }, 120_000);
  afterAll(() => t?.close());
}

/** The test gateway's answer for a gift's payment: paid, or declined. */
export function pay(reference: string, ok = true) {
  return deliverTestGatewayEvent(
    deps,
    testPayableEvent({ kind: 'donation', reference }, ok ? { ok: true } : { ok: false, reason: 'Declined.' }),
  );
}

export function gift(reference: string) {
  return t.db
    .selectFrom('donations')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

export function mailTo(to: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
}

/** Far-future days inside a test candidate's cycle (tests/factories/donations.ts dates). */
export const PRIMARY_DAY = new Date('2099-03-01T15:00:00Z');
export const GENERAL_DAY = new Date('2099-08-01T15:00:00Z');
export const AFTER_GENERAL = new Date('2099-11-04T15:00:00Z');

/** Starts a monthly gift and pays its first charge on the test gateway at `at`. */
export async function monthly(
  handle: string,
  overrides: Parameters<typeof aGift>[1],
  at: Date,
  card: string = TEST_CARDS.succeeds,
) {
  const started = await startGift(
    gifts,
    aGift(handle, { frequency: 'monthly', ...overrides }),
    undefined,
    at,
  );
  const plan = await recurringPlanOf(t.db, started.payUrl);
  const subscription = await startTestSubscription(deps, plan, card, at);
  return { started, recurringReference: plan.payable.reference, subscription };
}
