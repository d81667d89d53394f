import { afterAll, beforeAll, expect } from 'vitest';
import type { MembershipTier } from '../../api/contract/membership';
import { type MembershipDeps, subscribe } from '../../api/modules/membership/lifecycle';
import { createAppPayableOwners } from '../../api/modules/payable-owners';
import { startTestSubscription } from '../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../api/modules/payments/webhook';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createPaymentsPort } from '../../api/ports/payments';
import { TEST_CARDS } from '../../api/ports/payments/test-gateway';
import { recurringPlanOf } from './payables';
import { createTestApp, type TestApp } from './test-app';

/**
 * One test app for the membership subscription tests (docs/decisions/0024-membership.md), which run
 * over the test gateway. Time moves by passing `now` (and the gateway's charge times), never by
 * waiting. Live bindings: set once `setUpMembershipApp()`'s beforeAll has run.
 */
export let t: TestApp;
export let deps: PaymentWebhookDeps;
export let members: MembershipDeps;

export function setUpMembershipApp() {
  beforeAll(async () => {
    t = await createTestApp();
    deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
    members = { db: t.db, payments: createPaymentsPort(t.config, t.db), config: t.config, email: deps.email };
  }, 120_000);
  afterAll(() => t?.close());
}

export const DAY = 24 * 60 * 60 * 1000;
export const START = new Date('2099-01-10T15:00:00Z');
export const ONE_MONTH_LATER = new Date('2099-02-10T15:00:00Z');
export const TWO_MONTHS_LATER = new Date('2099-03-10T15:00:00Z');
export const shifted = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** The stored recurring plan behind a subscribe() pay link. */
export function planOf(payUrl: string) {
  return recurringPlanOf(t.db, payUrl);
}

/** Subscribes the member to `tier` and pays its first charge on the test gateway at `at`. */
export async function paid(
  userId: number,
  tier: MembershipTier,
  at = START,
  card: string = TEST_CARDS.succeeds,
) {
  const started = await subscribe(members, userId, { tier });
  const subscription = await startTestSubscription(deps, await planOf(started.payUrl), card, at);
  if (!subscription) throw new Error('the first charge was declined');
  return { reference: started.reference, subscription };
}

export function subscriptionOf(reference: string) {
  return t.db
    .selectFrom('membership_subscriptions')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

/** The subscription's status at the test gateway (the provider). */
export async function gatewayStatus(id: string) {
  const row = await t.db
    .selectFrom('test_gateway_subscriptions')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Subjects of the emails sent to the user, oldest first. */
export async function mailTo(userId: number) {
  const { email } = await t.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('email_outbox')
    .select('subject')
    .where('to_address', '=', email)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.subject);
}

/** The user's membership notifications (type 7), oldest first; every one links to /membership. */
export async function notices(userId: number) {
  const rows = await t.db
    .selectFrom('notifications')
    .select(['message', 'route'])
    .where('user_id', '=', userId)
    .where('type', '=', 7)
    .orderBy('id')
    .execute();
  for (const r of rows) expect(r.route).toBe('/membership');
  return rows.map((r) => r.message);
}
