import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipTier } from '../../api/contract/membership';
import {
  MEMBERSHIP_UPKEEP_CRON,
  MEMBERSHIP_UPKEEP_QUEUE,
  registerMembershipJobs,
} from '../../api/jobs/membership-upkeep';
import { entitlementsOf } from '../../api/modules/membership/entitlements';
import {
  cancelMembership,
  type MembershipDeps,
  resumeMembership,
  subscribe,
} from '../../api/modules/membership/lifecycle';
import { monthlyRecurringRevenueCents } from '../../api/modules/membership/revenue';
import { endLapsedSubscriptions } from '../../api/modules/membership/upkeep';
import { createAppPayableOwners } from '../../api/modules/payable-owners';
import { deliverTestGatewayEvent } from '../../api/modules/payments/test-gateway-delivery';
import {
  chargeDueRenewals,
  startTestSubscription,
} from '../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../api/modules/payments/webhook';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createPaymentsPort } from '../../api/ports/payments';
import { TEST_CARDS, testPayableEvent } from '../../api/ports/payments/test-gateway';
import { readPlan } from '../../api/ports/payments/test-gateway-plans';
import { aCandidate, aMember } from '../factories/donations';
import { testJobs } from '../factories/jobs';
import { createTestApp, type TestApp } from '../factories/test-app';

/**
 * Membership subscriptions end to end over the test gateway (docs/decisions/0024-membership.md): the first
 * payment, renewals, a declined renewal's grace, cancel at period end, resume, changes of tier.
 * Time moves by passing `now` (and the gateway's charge times), never by waiting.
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

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2099-01-10T15:00:00Z');
const ONE_MONTH_LATER = new Date('2099-02-10T15:00:00Z');
const TWO_MONTHS_LATER = new Date('2099-03-10T15:00:00Z');
const shifted = (at: Date, ms: number) => new Date(at.getTime() + ms);

function planOf(payUrl: string) {
  const url = new URL(payUrl, 'http://x');
  const plan = readPlan(
    t.config.appSecret,
    url.searchParams.get('plan') ?? '',
    url.searchParams.get('sig') ?? '',
  );
  if (!plan?.interval) throw new Error('not a recurring plan');
  return { ...plan, interval: plan.interval };
}

/** Subscribes the member to `tier` and pays its first charge on the test gateway at `at`. */
async function paid(userId: number, tier: MembershipTier, at = START, card: string = TEST_CARDS.succeeds) {
  const started = await subscribe(members, userId, { tier });
  const subscription = await startTestSubscription(deps, planOf(started.payUrl), card, at);
  if (!subscription) throw new Error('the first charge was declined');
  return { reference: started.reference, subscription };
}

function subscriptionOf(reference: string) {
  return t.db
    .selectFrom('membership_subscriptions')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

async function gatewayStatus(id: string) {
  const row = await t.db
    .selectFrom('test_gateway_subscriptions')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function mailTo(userId: number) {
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

async function notices(userId: number) {
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
    expect(started.payUrl).toMatch(/^\/pay\/payable\?plan=/);
    const plan = planOf(started.payUrl);
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
    expect(await startTestSubscription(deps, planOf(started.payUrl), TEST_CARDS.declined, START)).toBeNull();
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

describe('monthly recurring revenue', () => {
  it('is the sum of the monthly prices of the active subscriptions that renew', async () => {
    const before = await monthlyRecurringRevenueCents(t.db);
    const a = await aCandidate(t.db);
    const b = await aMember(t.db, 'organization');
    const cancelling = await aCandidate(t.db);
    const graced = await aMember(t.db, 'organization');
    await paid(a.id, 'campaign-pro');
    await paid(b.id, 'organizer');
    await paid(cancelling.id, 'campaign');
    await cancelMembership(members, cancelling.id, shifted(START, DAY));
    const lapsing = await paid(graced.id, 'movement');
    const declined = testPayableEvent(
      { kind: 'subscription', reference: lapsing.reference },
      { ok: false, reason: 'Your card was declined.' },
      {
        subscriptionId: lapsing.subscription,
        period: { start: ONE_MONTH_LATER.toISOString(), end: TWO_MONTHS_LATER.toISOString() },
      },
    );
    expect(await deliverTestGatewayEvent(deps, declined)).toMatchObject({ outcome: 'grace' });

    expect(await monthlyRecurringRevenueCents(t.db)).toBe(before + 9900 + 1900);
    const rows = await t.db
      .selectFrom('membership_subscriptions')
      .select('amount_cents')
      .where('status', '=', 'active')
      .where('cancel_at_period_end', '=', false)
      .execute();
    expect(await monthlyRecurringRevenueCents(t.db)).toBe(rows.reduce((sum, r) => sum + r.amount_cents, 0));
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
