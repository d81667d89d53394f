import { describe, expect, it } from 'vitest';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { cancelMembership, resumeMembership } from '../../../api/modules/membership/lifecycle';
import { endLapsedSubscriptions } from '../../../api/modules/membership/upkeep';
import { chargeDueRenewals } from '../../../api/modules/payments/test-gateway-subscriptions';
import { aCandidate, aMember } from '../../factories/donations';
import {
  DAY,
  deps,
  gatewayStatus,
  mailTo,
  members,
  notices,
  ONE_MONTH_LATER,
  paid,
  START,
  setUpMembershipApp,
  shifted,
  subscriptionOf,
  TWO_MONTHS_LATER,
  t,
} from '../../factories/membership-harness';

/**
 * Cancelling a membership (docs/decisions/0024-membership.md): it keeps its tier until the period
 * ends, a resume before then renews as before, and a renewal after a cancel ends it.
 */
setUpMembershipApp();

describe('cancel and resume', () => {
  it('keeps the tier until the period ends, then the job ends it and stops it at the provider', async () => {
    const org = await aMember(t.db, 'organization');
    const { reference, subscription } = await paid(org.id, 'movement');
    await cancelMembership(members, org.id, shifted(START, 10 * DAY));
    expect(await subscriptionOf(reference)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    // Not stopped at the provider yet: a resume needs nothing from it.
    expect(await gatewayStatus(subscription)).toBe('active');
    expect(await entitlementsOf(t.db, org.id, shifted(ONE_MONTH_LATER, -60_000))).toMatchObject({
      tier: 'movement',
      status: 'cancelling',
      paidUntil: ONE_MONTH_LATER.toISOString(),
      verifiedBadge: true,
    });
    expect((await entitlementsOf(t.db, org.id, shifted(ONE_MONTH_LATER, 60_000))).tier).toBe(
      'organization-free',
    );
    await expect(cancelMembership(members, org.id, shifted(START, 11 * DAY))).rejects.toThrow(
      'You have no membership to cancel.',
    );

    expect(await endLapsedSubscriptions(deps, shifted(ONE_MONTH_LATER, 60_000))).toBeGreaterThanOrEqual(1);
    expect((await subscriptionOf(reference)).status).toBe('ended');
    expect(await gatewayStatus(subscription)).toBe('cancelled');
    await chargeDueRenewals(deps, shifted(ONE_MONTH_LATER, 60 * 60_000));
    expect((await subscriptionOf(reference)).status).toBe('ended');
    expect(await notices(org.id)).toEqual([
      "You're now on Movement.",
      'Your Movement membership will end on 2099-02-10.',
      "Your Movement membership has ended. You're on the Free tier now.",
    ]);
    expect((await mailTo(org.id)).at(-1)).toBe('Your Movement membership has ended');
    await expect(resumeMembership(members, org.id, shifted(ONE_MONTH_LATER, 120_000))).rejects.toThrow(
      'There is no ending membership to resume.',
    );
  });

  it('resumes before the end: it renews again as before', async () => {
    const c = await aCandidate(t.db);
    const { reference } = await paid(c.id, 'campaign');
    await cancelMembership(members, c.id, shifted(START, 2 * DAY));
    await resumeMembership(members, c.id, shifted(START, 3 * DAY));
    expect(await subscriptionOf(reference)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    await endLapsedSubscriptions(deps, shifted(ONE_MONTH_LATER, 60_000));
    await chargeDueRenewals(deps, shifted(ONE_MONTH_LATER, 60_000));
    const renewed = await subscriptionOf(reference);
    expect(renewed.status).toBe('active');
    expect(new Date(renewed.current_period_end!).toISOString()).toBe(TWO_MONTHS_LATER.toISOString());
    expect((await entitlementsOf(t.db, c.id, shifted(ONE_MONTH_LATER, 10 * DAY))).tier).toBe('campaign');
    expect((await notices(c.id)).at(-1)).toBe('Your Campaign membership will renew on 2099-02-10.');
  });

  it('a renewal that arrives after a cancel (before the job ran) ends the subscription instead', async () => {
    const c = await aCandidate(t.db);
    const { reference, subscription } = await paid(c.id, 'campaign');
    await cancelMembership(members, c.id, shifted(START, 2 * DAY));
    await chargeDueRenewals(deps, shifted(ONE_MONTH_LATER, 60_000));
    expect((await subscriptionOf(reference)).status).toBe('ended');
    expect(await gatewayStatus(subscription)).toBe('cancelled');
    expect((await entitlementsOf(t.db, c.id, shifted(ONE_MONTH_LATER, DAY))).tier).toBe('candidate-free');
  });
});
