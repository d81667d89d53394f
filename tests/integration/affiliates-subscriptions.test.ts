import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MembershipDeps, subscribe } from '../../api/modules/membership/lifecycle';
import { createAppPayableOwners } from '../../api/modules/payable-owners';
import { startTestSubscription } from '../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../api/modules/payments/webhook';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createPaymentsPort } from '../../api/ports/payments';
import { TEST_CARDS } from '../../api/ports/payments/test-gateway';
import { readPlan } from '../../api/ports/payments/test-gateway-plans';
import { anAffiliate, clickThrough, commissionOf } from '../factories/affiliates';
import { aCandidate } from '../factories/donations';
import { createTestApp, type TestApp } from '../factories/test-app';

/**
 * A referred member's first subscription month earns the affiliate 10% (docs/decisions/0031-affiliates-and-partner-revenue.md),
 * when the first charge succeeds; a later change of tier earns nothing more.
 */
let t: TestApp;
let deps: PaymentWebhookDeps;
let members: MembershipDeps;

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
  members = { db: t.db, payments: createPaymentsPort(t.config), config: t.config, email: deps.email };
}, 120_000);
afterAll(() => t?.close());

async function subscribeAndPay(userId: number, tier: 'campaign' | 'campaign-pro', token: string | null) {
  const started = await subscribe(members, userId, { tier }, token);
  const url = new URL(started.payUrl, 'http://x');
  const plan = readPlan(
    t.config.appSecret,
    url.searchParams.get('plan') ?? '',
    url.searchParams.get('sig') ?? '',
  );
  if (!plan?.interval) throw new Error('not a recurring plan');
  await startTestSubscription(deps, { ...plan, interval: plan.interval }, TEST_CARDS.succeeds, new Date());
  return started.reference;
}

describe('subscription commission', () => {
  it("earns 10% of the first month of a referred member's first subscription, once", async () => {
    const affiliate = await anAffiliate(t.db);
    const candidate = await aCandidate(t.db);
    const token = await clickThrough(t.db, t.config, affiliate.code);
    const first = await subscribeAndPay(candidate.id, 'campaign', token);
    expect(await commissionOf(t.db, 'subscription', first)).toMatchObject({
      affiliate_id: affiliate.affiliateId,
      base_cents: 2_900,
      amount_cents: 290,
      reversed_at: null,
    });
    // An upgrade is a new subscription, not a first month: nothing more.
    const upgrade = await subscribeAndPay(candidate.id, 'campaign-pro', token);
    expect(await commissionOf(t.db, 'subscription', upgrade)).toBeUndefined();
  });

  it('earns nothing without a referral or for the affiliate themself', async () => {
    const candidate = await aCandidate(t.db);
    const plain = await subscribeAndPay(candidate.id, 'campaign', null);
    expect(await commissionOf(t.db, 'subscription', plain)).toBeUndefined();
    const affiliate = await anAffiliate(t.db);
    const self = await aCandidate(t.db);
    await t.db
      .updateTable('affiliates')
      .set({ user_id: self.id })
      .where('id', '=', affiliate.affiliateId)
      .execute();
    const token = await clickThrough(t.db, t.config, affiliate.code);
    const own = await subscribeAndPay(self.id, 'campaign', token);
    expect(await commissionOf(t.db, 'subscription', own)).toBeUndefined();
  });
});
