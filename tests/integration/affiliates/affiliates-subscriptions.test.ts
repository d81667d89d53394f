import { describe, expect, it } from 'vitest';
import { subscribe } from '../../../api/modules/membership/lifecycle';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { anAffiliate, clickThrough, commissionOf } from '../../factories/affiliates';
import { aCandidate } from '../../factories/donations';
import { deps, members, planOf, setUpMembershipApp, t } from '../../factories/membership-harness';

/**
 * A referred member's first subscription month earns the affiliate 10% (docs/decisions/0031-affiliates-and-partner-revenue.md),
 * when the first charge succeeds; a later change of tier earns nothing more.
 */
setUpMembershipApp();

async function subscribeAndPay(userId: number, tier: 'campaign' | 'campaign-pro', token: string | null) {
  const started = await subscribe(members, userId, { tier }, token);
  await startTestSubscription(deps, await planOf(started.payUrl), TEST_CARDS.succeeds, new Date());
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
