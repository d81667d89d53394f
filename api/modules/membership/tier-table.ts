import type { Db } from '../../../db/client';
import { MEMBERSHIP_TIERS, type MembershipTier } from '../../contract/membership';

/** What one tier unlocks: its membership_entitlements row (docs/decisions/0024-membership.md). */
export interface TierUnlocks {
  tier: MembershipTier;
  verifiedBadge: boolean;
  dashboardAnalytics: boolean;
  openJobPosts: number;
  followerEmailsPerMonth: number;
}

/** Every tier's row of membership_entitlements, for the membership page's comparison. */
export async function tierUnlocksTable(db: Db): Promise<Map<MembershipTier, TierUnlocks>> {
  const rows = await db.selectFrom('membership_entitlements').selectAll().execute();
  const byTier = new Map(rows.map((r) => [r.tier, r]));
  const table = new Map<MembershipTier, TierUnlocks>();
  for (const { tier } of MEMBERSHIP_TIERS) {
    const row = byTier.get(tier);
    if (!row) continue;
    table.set(tier, {
      tier,
      verifiedBadge: row.verified_badge,
      dashboardAnalytics: row.dashboard_analytics,
      openJobPosts: row.open_job_posts,
      followerEmailsPerMonth: row.follower_emails_per_month,
    });
  }
  return table;
}

/**
 * The member's own subscription with this reference (the pay page's return, /serviceordersuccess):
 * someone else's reference is not found, so it shows nothing of it.
 */
export function ownSubscriptionByReference(db: Db, userId: number, reference: string) {
  return db
    .selectFrom('membership_subscriptions')
    .select(['reference', 'tier', 'status', 'current_period_end', 'cancel_at_period_end'])
    .where('user_id', '=', userId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** The member's subscription waiting for its first payment, if any. */
export function pendingSubscriptionOf(db: Db, userId: number) {
  return db
    .selectFrom('membership_subscriptions')
    .select(['reference', 'tier'])
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
