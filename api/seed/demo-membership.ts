import type { Db } from '../../db/client';
import { type MembershipTier, tierInfo } from '../contract/membership';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';
import { DEMO_CANDIDATES } from './demo-donations';
import { MEMBER_EMAIL_DOMAIN } from './members';

/**
 * Demo memberships (docs/decisions/0024-membership.md), written as the core writes them after the test gateway's
 * charges: one subscription per member with its SUB- reference, price and period; a
 * test_gateway_subscriptions row (so the local renewal runner renews it when due); and one
 * payment_events row per monthly charge (what the revenue screen sums). Paid members on every paid
 * tier — Avery Chen (Campaign Pro), Samuel Ortiz (Campaign), the demo organization (Organizer),
 * generated organizations and candidates — one cancelling, one in grace, and two that ended in past
 * months (one cancelled, one unpaid). The demo candidate Marisol Grant stays Free so she can
 * subscribe herself. Dates are days before the day the seed first runs; reruns insert nothing.
 */
const DAY_MS = 86_400_000;
export const DEMO_SUBSCRIPTION_PREFIX = 'SUB-DEMA';

type Plan = {
  /** Whose: an email, or the n-th generated candidate / organization (by email). */
  who: { email: string } | { generated: 'candidate' | 'organization'; n: number };
  tier: MembershipTier;
  /** Days ago it started (its first charge). */
  startedDaysAgo: number;
  /** Charges that went through, one a month from the start. */
  charges: number;
  shape: 'active' | 'cancelling' | 'grace' | 'ended-cancelled' | 'ended-unpaid';
};

const PLANS: Plan[] = [
  {
    who: { email: DEMO_CANDIDATES[0]!.email },
    tier: 'campaign-pro',
    startedDaysAgo: 75,
    charges: 3,
    shape: 'active',
  },
  {
    who: { email: DEMO_CANDIDATES[1]!.email },
    tier: 'campaign',
    startedDaysAgo: 40,
    charges: 2,
    shape: 'active',
  },
  {
    who: { email: `organization@${DEMO_EMAIL_DOMAIN}` },
    tier: 'organizer',
    startedDaysAgo: 100,
    charges: 4,
    shape: 'active',
  },
  {
    who: { generated: 'organization', n: 0 },
    tier: 'movement',
    startedDaysAgo: 130,
    charges: 5,
    shape: 'active',
  },
  {
    who: { generated: 'candidate', n: 0 },
    tier: 'campaign',
    startedDaysAgo: 12,
    charges: 1,
    shape: 'active',
  },
  {
    who: { generated: 'candidate', n: 1 },
    tier: 'campaign-pro',
    startedDaysAgo: 50,
    charges: 2,
    shape: 'cancelling',
  },
  {
    who: { generated: 'organization', n: 1 },
    tier: 'organizer',
    startedDaysAgo: 65,
    charges: 2,
    shape: 'grace',
  },
  {
    who: { generated: 'organization', n: 2 },
    tier: 'organizer',
    startedDaysAgo: 160,
    charges: 3,
    shape: 'ended-cancelled',
  },
  {
    who: { generated: 'organization', n: 3 },
    tier: 'movement',
    startedDaysAgo: 120,
    charges: 2,
    shape: 'ended-unpaid',
  },
];

const referenceOf = (i: number) => `${DEMO_SUBSCRIPTION_PREFIX}${'ABCDEFGHJKLMNPQRSTUVWXYZ'[i]!.repeat(4)}`;

async function generatedMembers(db: Db, kind: 'candidate' | 'organization', count: number) {
  let query = db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'like', `%@${MEMBER_EMAIL_DOMAIN}`)
    .where('deleted_at', 'is', null)
    .orderBy('email')
    .limit(count);
  query =
    kind === 'candidate'
      ? query.where('is_candidate', '=', true)
      : query.where('kind', '=', 'organization').where('is_candidate', '=', false);
  return query.execute();
}

/** Seeds the demo memberships once; answers how many subscriptions it inserted. */
export async function seedDemoMembership(db: Db, now = new Date()): Promise<number> {
  const existing = await db
    .selectFrom('membership_subscriptions')
    .select('id')
    .where('reference', 'like', `${DEMO_SUBSCRIPTION_PREFIX}%`)
    .executeTakeFirst();
  if (existing) return 0;

  const named = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      PLANS.flatMap((p) => ('email' in p.who ? [p.who.email] : [])),
    )
    .execute();
  const generated = {
    candidate: await generatedMembers(db, 'candidate', 2),
    organization: await generatedMembers(db, 'organization', 4),
  };
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

  let inserted = 0;
  for (const [i, plan] of PLANS.entries()) {
    const user =
      'email' in plan.who
        ? named.find((u) => u.email === (plan.who as { email: string }).email)
        : generated[plan.who.generated][plan.who.n];
    if (!user) continue; // a small seed (few generated members) has fewer demo memberships
    const reference = referenceOf(i);
    const providerId = `tgsub_demo_${reference}`;
    const started = at(plan.startedDaysAgo);
    // Monthly periods of 30 days from the start; the paid periods end here.
    const periodEnd = at(plan.startedDaysAgo - plan.charges * 30);
    const live = plan.shape === 'active' || plan.shape === 'cancelling' || plan.shape === 'grace';
    const declinedAt = plan.shape === 'grace' || plan.shape === 'ended-unpaid' ? periodEnd : null;
    const graceUntil = declinedAt ? new Date(declinedAt.getTime() + 7 * DAY_MS) : null;
    const endedAt =
      plan.shape === 'ended-cancelled' ? periodEnd : plan.shape === 'ended-unpaid' ? graceUntil : null;
    const { email } = user;
    await db
      .insertInto('membership_subscriptions')
      .values({
        reference,
        user_id: user.id,
        tier: plan.tier,
        amount_cents: tierInfo(plan.tier).monthlyCents,
        status: live ? (plan.shape === 'grace' ? 'grace' : 'active') : 'ended',
        current_period_end: periodEnd,
        cancel_at_period_end: plan.shape === 'cancelling' || plan.shape === 'ended-cancelled',
        provider_subscription_id: providerId,
        grace_until: graceUntil,
        created_at: started,
        updated_at: endedAt ?? declinedAt ?? started,
        ended_at: endedAt,
      })
      .execute();
    await db
      .insertInto('test_gateway_subscriptions')
      .values({
        id: providerId,
        payable_kind: 'subscription',
        payable_reference: reference,
        amount_cents: tierInfo(plan.tier).monthlyCents,
        billing_interval: 'month',
        email,
        next_charge_at: periodEnd,
        status: live ? (plan.shape === 'grace' ? 'past_due' : 'active') : 'cancelled',
        charges: plan.charges,
        created_at: started,
      })
      .execute();
    const events = Array.from({ length: plan.charges }, (_, n) => ({
      event_id: `evt_${providerId}_${n + 1}`,
      kind: 'payment.succeeded',
      payable_kind: 'subscription',
      payable_reference: reference,
      created_at: at(plan.startedDaysAgo - n * 30),
    }));
    if (declinedAt) {
      events.push({
        event_id: `evt_${providerId}_${plan.charges + 1}`,
        kind: 'payment.failed',
        payable_kind: 'subscription',
        payable_reference: reference,
        created_at: declinedAt,
      });
    }
    await db.insertInto('payment_events').values(events).execute();
    inserted += 1;
  }
  return inserted;
}
