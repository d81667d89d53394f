import { describe, expect, it } from 'vitest';
import type { MembershipTier } from '../../../api/contract/membership';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { subscribe } from '../../../api/modules/membership/lifecycle';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { aCandidate, aMember } from '../../factories/donations';
import {
  DAY,
  deps,
  mailTo,
  members,
  notices,
  ONE_MONTH_LATER,
  planOf,
  START,
  setUpMembershipApp,
  shifted,
  subscriptionOf,
  t,
} from '../../factories/membership-harness';

/**
 * Membership subscriptions (docs/decisions/0024-membership.md): what each account gets for free, the
 * first payment that grants a paid tier, and the tiers an account may not subscribe to.
 */
setUpMembershipApp();

describe('entitlementsOf', () => {
  it('reads the Free row for a free candidate, an organization and a member with no paid tiers', async () => {
    const candidate = await aCandidate(t.db);
    expect(await entitlementsOf(t.db, candidate.id, START)).toEqual({
      tier: 'candidate-free',
      track: 'candidate',
      tierName: 'Free',
      status: 'free',
      paidUntil: null,
      verifiedBadge: false,
      dashboardAnalytics: false,
      openJobPosts: 1,
      followerEmailsPerMonth: 0,
    });
    const org = await aMember(t.db, 'organization');
    expect(await entitlementsOf(t.db, org.id, START)).toMatchObject({
      tier: 'organization-free',
      track: 'organization',
      verifiedBadge: false,
      openJobPosts: 1,
    });
    const member = await aMember(t.db);
    expect(await entitlementsOf(t.db, member.id, START)).toMatchObject({
      tier: 'organization-free',
      track: null,
      status: 'free',
    });
  });

  it('grants a paid tier only once its first payment arrives, until its period ends', async () => {
    const c = await aCandidate(t.db);
    const started = await subscribe(members, c.id, { tier: 'campaign' });
    expect(started.reference).toMatch(/^SUB-[A-Z2-9]{8}$/);
    expect(started.payUrl).toMatch(/^\/pay\/payable\/tgco_[\w-]+$/);
    const plan = await planOf(started.payUrl);
    expect(plan).toMatchObject({
      payable: { kind: 'subscription', reference: started.reference },
      amountCents: 2900,
      interval: 'month',
      successPath: `/serviceordersuccess?ref=${started.reference}`,
    });
    expect((await entitlementsOf(t.db, c.id, START)).tier).toBe('candidate-free');

    await startTestSubscription(deps, plan, TEST_CARDS.succeeds, START);
    const sub = await subscriptionOf(started.reference);
    expect(sub).toMatchObject({ status: 'active', tier: 'campaign', amount_cents: 2900 });
    expect(new Date(sub.current_period_end!).toISOString()).toBe(ONE_MONTH_LATER.toISOString());
    expect(await entitlementsOf(t.db, c.id, shifted(START, DAY))).toEqual({
      tier: 'campaign',
      track: 'candidate',
      tierName: 'Campaign',
      status: 'active',
      paidUntil: ONE_MONTH_LATER.toISOString(),
      verifiedBadge: true,
      dashboardAnalytics: true,
      openJobPosts: 5,
      followerEmailsPerMonth: 2000,
    });
    expect(await mailTo(c.id)).toEqual(['Welcome to Campaign']);
    expect(await notices(c.id)).toEqual(["You're now on Campaign."]);
  });

  it('a declined first charge grants nothing', async () => {
    const c = await aCandidate(t.db);
    const started = await subscribe(members, c.id, { tier: 'campaign' });
    expect(
      await startTestSubscription(deps, await planOf(started.payUrl), TEST_CARDS.declined, START),
    ).toBeNull();
    expect((await subscriptionOf(started.reference)).status).toBe('cancelled');
    expect((await entitlementsOf(t.db, c.id, START)).tier).toBe('candidate-free');
  });

  it('refuses a tier of the other track, an unknown tier, and paid tiers for a member with none', async () => {
    const c = await aCandidate(t.db);
    await expect(subscribe(members, c.id, { tier: 'movement' })).rejects.toMatchObject({
      fieldErrors: { tier: ['Movement is not a tier for your account.'] },
    });
    await expect(subscribe(members, c.id, { tier: 'gold' as MembershipTier })).rejects.toMatchObject({
      fieldErrors: { tier: ['Choose a paid tier.'] },
    });
    await expect(
      subscribe(members, c.id, { tier: 'candidate-free' as MembershipTier }),
    ).rejects.toMatchObject({
      fieldErrors: { tier: ['Choose a paid tier.'] },
    });
    const member = await aMember(t.db);
    await expect(subscribe(members, member.id, { tier: 'organizer' })).rejects.toMatchObject({
      fieldErrors: { tier: ['Paid tiers are for candidates and organizations.'] },
    });
    const rows = await t.db
      .selectFrom('membership_subscriptions')
      .select('id')
      .where('user_id', 'in', [c.id, member.id])
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('subscribing twice at once', () => {
  it('leaves one pending subscription, the later one', async () => {
    const c = await aCandidate(t.db);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => subscribe(members, c.id, { tier: 'campaign' })),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const pending = await t.db
      .selectFrom('membership_subscriptions')
      .select('status')
      .where('user_id', '=', c.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
  });
});
