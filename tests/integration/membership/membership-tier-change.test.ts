import { describe, expect, it } from 'vitest';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { subscribe } from '../../../api/modules/membership/lifecycle';
import { aCandidate, aMember } from '../../factories/donations';
import {
  DAY,
  gatewayStatus,
  members,
  notices,
  ONE_MONTH_LATER,
  paid,
  START,
  setUpMembershipApp,
  shifted,
  subscriptionOf,
  t,
} from '../../factories/membership-harness';

/**
 * Changing membership tier (docs/decisions/0024-membership.md): the new tier replaces the old one
 * once it is paid, up or down.
 */
setUpMembershipApp();

describe('changing tier', () => {
  it('upgrades when the new tier is paid: the old subscription ends and stops at the provider', async () => {
    const c = await aCandidate(t.db);
    const old = await paid(c.id, 'campaign');
    await expect(subscribe(members, c.id, { tier: 'campaign' })).rejects.toThrow(
      "You're already on Campaign.",
    );
    const upgraded = await paid(c.id, 'campaign-pro', shifted(START, 5 * DAY));
    const ended = await subscriptionOf(old.reference);
    expect(ended.status).toBe('ended');
    expect(await gatewayStatus(old.subscription)).toBe('cancelled');
    expect(await subscriptionOf(upgraded.reference)).toMatchObject({
      status: 'active',
      tier: 'campaign-pro',
      amount_cents: 9900,
      replaces_id: ended.id,
    });
    expect(await entitlementsOf(t.db, c.id, shifted(START, 6 * DAY))).toMatchObject({
      tier: 'campaign-pro',
      openJobPosts: 25,
      followerEmailsPerMonth: 20000,
    });
    expect((await notices(c.id)).at(-1)).toBe("You're now on Campaign Pro.");
  });

  it('downgrades the same way; until the new tier is paid the member keeps the old one', async () => {
    const org = await aMember(t.db, 'organization');
    const old = await paid(org.id, 'movement');
    const abandoned = await subscribe(members, org.id, { tier: 'organizer' });
    expect((await entitlementsOf(t.db, org.id, shifted(START, DAY))).tier).toBe('movement');
    const down = await paid(org.id, 'organizer', shifted(START, 2 * DAY));
    expect((await subscriptionOf(abandoned.reference)).status).toBe('cancelled');
    expect((await subscriptionOf(old.reference)).status).toBe('ended');
    expect((await subscriptionOf(down.reference)).status).toBe('active');
    expect(await entitlementsOf(t.db, org.id, shifted(START, 3 * DAY))).toMatchObject({
      tier: 'organizer',
      paidUntil: shifted(ONE_MONTH_LATER, 2 * DAY).toISOString(),
    });
  });
});
