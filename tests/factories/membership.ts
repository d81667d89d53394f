import { randomBytes } from 'node:crypto';
import { type MembershipTier, tierInfo } from '../../api/contract/membership';
import type { Db } from '../../db/client';

/**
 * A live subscription as the first payment leaves it (docs/decisions/0024-membership.md), written directly so a
 * page test can start from a paid member; the payment path itself is tests/integration/membership-*.
 */
export async function giveMembership(
  db: Db,
  userId: number,
  tier: MembershipTier,
  opts: { periodEnd?: Date; cancelling?: boolean; status?: 'active' | 'pending' } = {},
) {
  const periodEnd = opts.periodEnd ?? new Date(Date.now() + 30 * 86_400_000);
  const reference = `SUB-${randomBytes(4).toString('hex').toUpperCase()}`;
  return db
    .insertInto('membership_subscriptions')
    .values({
      reference,
      user_id: userId,
      tier,
      amount_cents: tierInfo(tier).monthlyCents,
      status: opts.status ?? 'active',
      current_period_end: opts.status === 'pending' ? null : periodEnd,
      cancel_at_period_end: opts.cancelling ?? false,
      provider_subscription_id: null,
      grace_until: null,
      replaces_id: null,
      ended_at: null,
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow();
}
