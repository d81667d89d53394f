import { describe, expect, it } from 'vitest';
import {
  MEMBERSHIP_UPKEEP_CRON,
  MEMBERSHIP_UPKEEP_QUEUE,
  registerMembershipJobs,
} from '../../../api/doors/queue-handlers/membership-upkeep';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { subscribe } from '../../../api/modules/membership/lifecycle';
import { endLapsedSubscriptions } from '../../../api/modules/membership/upkeep';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import { chargeDueRenewals } from '../../../api/modules/payments/test-gateway-subscriptions';
import { TEST_CARDS, testPayableEvent } from '../../../api/ports/payments/test-gateway';
import { aCandidate, aMember } from '../../factories/donations';
import {
  DAY,
  deps,
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
import { testJobs } from '../../factories/queue';

/**
 * Membership renewals over the test gateway (docs/decisions/0024-membership.md): each month's charge,
 * replayed events counted once, a declined renewal's grace, and the upkeep job that ends lapsed ones.
 */
setUpMembershipApp();

describe('renewals', () => {
  it('extend the period each month; a replayed or repeated renewal counts once', async () => {
    const org = await aMember(t.db, 'organization');
    const { reference, subscription } = await paid(org.id, 'organizer');
    expect(await chargeDueRenewals(deps, shifted(ONE_MONTH_LATER, 60_000))).toBeGreaterThanOrEqual(1);
    const renewed = await subscriptionOf(reference);
    expect(new Date(renewed.current_period_end!).toISOString()).toBe(TWO_MONTHS_LATER.toISOString());
    expect((await entitlementsOf(t.db, org.id, shifted(ONE_MONTH_LATER, 5 * DAY))).tier).toBe('organizer');

    // The same renewal delivered again (same event id), and once more under a new id.
    const renewal = testPayableEvent(
      { kind: 'subscription', reference },
      { ok: true },
      {
        id: `evt_${subscription}_2`,
        subscriptionId: subscription,
        period: { start: ONE_MONTH_LATER.toISOString(), end: TWO_MONTHS_LATER.toISOString() },
      },
    );
    expect(await deliverTestGatewayEvent(deps, renewal)).toMatchObject({ outcome: 'duplicate' });
    expect(await deliverTestGatewayEvent(deps, { ...renewal, id: `${renewal.id}_again` })).toMatchObject({
      outcome: 'duplicate',
    });
    const again = await subscriptionOf(reference);
    expect(new Date(again.current_period_end!).toISOString()).toBe(TWO_MONTHS_LATER.toISOString());
    expect(await mailTo(org.id)).toEqual(['Welcome to Organizer']);
  });

  it('applies a first payment replayed five times once: one activation, one email, one notification', async () => {
    const c = await aCandidate(t.db);
    const started = await subscribe(members, c.id, { tier: 'campaign-pro' });
    const event = testPayableEvent(
      { kind: 'subscription', reference: started.reference },
      { ok: true },
      {
        id: `evt_first_${started.reference}`,
        subscriptionId: `sub_provider_${started.reference}`,
        period: { start: START.toISOString(), end: ONE_MONTH_LATER.toISOString() },
      },
    );
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) outcomes.push((await deliverTestGatewayEvent(deps, event)).outcome);
    expect(outcomes).toEqual(['activated', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await subscriptionOf(started.reference)).toMatchObject({
      status: 'active',
      provider_subscription_id: `sub_provider_${started.reference}`,
    });
    expect(await mailTo(c.id)).toEqual(['Welcome to Campaign Pro']);
    expect(await notices(c.id)).toHaveLength(1);
  });

  it('a declined renewal puts the member in grace for 7 days with an email; then the job ends it → Free', async () => {
    const c = await aCandidate(t.db);
    const { reference } = await paid(c.id, 'campaign', START, TEST_CARDS.renewalsDeclined);
    await chargeDueRenewals(deps, shifted(ONE_MONTH_LATER, 60_000));
    const grace = await subscriptionOf(reference);
    expect(grace.status).toBe('grace');
    expect(new Date(grace.grace_until!).toISOString()).toBe(shifted(ONE_MONTH_LATER, 7 * DAY).toISOString());
    expect(await mailTo(c.id)).toEqual(['Welcome to Campaign', "We couldn't renew your Campaign membership"]);

    const inGrace = await entitlementsOf(t.db, c.id, shifted(ONE_MONTH_LATER, 3 * DAY));
    expect(inGrace).toMatchObject({
      tier: 'campaign',
      status: 'grace',
      paidUntil: shifted(ONE_MONTH_LATER, 7 * DAY).toISOString(),
      dashboardAnalytics: true,
      verifiedBadge: true,
    });

    await endLapsedSubscriptions(deps, shifted(ONE_MONTH_LATER, 6 * DAY));
    expect((await subscriptionOf(reference)).status).toBe('grace');
    const ended = shifted(ONE_MONTH_LATER, 7 * DAY + 60_000);
    expect(await endLapsedSubscriptions(deps, ended)).toBeGreaterThanOrEqual(1);
    expect(await endLapsedSubscriptions(deps, ended)).toBe(0);
    expect((await subscriptionOf(reference)).status).toBe('ended');
    expect(await entitlementsOf(t.db, c.id, ended)).toMatchObject({
      tier: 'candidate-free',
      status: 'free',
      dashboardAnalytics: false,
      verifiedBadge: false,
      openJobPosts: 1,
    });
    expect((await mailTo(c.id)).at(-1)).toBe('Your Campaign membership has ended');
    expect(await notices(c.id)).toEqual([
      "You're now on Campaign.",
      "We couldn't renew your Campaign membership. Update your card by 2099-02-17.",
      "Your Campaign membership has ended. You're on the Free tier now.",
    ]);
  });
});

describe('the upkeep job', () => {
  it('is scheduled every 15 minutes on the queue', async () => {
    const jobs = testJobs(t.database);
    await jobs.start();
    try {
      await registerMembershipJobs(jobs, { db: t.db, email: deps.email, payments: t.config }, 0.5);
      expect(await jobs.schedules()).toContainEqual({
        queue: MEMBERSHIP_UPKEEP_QUEUE,
        cron: MEMBERSHIP_UPKEEP_CRON,
      });
    } finally {
      await jobs.stop({ timeoutMs: 1000 });
    }
  });
});
