import type { Db } from '../../../db/client';
import {
  type Entitlements,
  FREE_TIER,
  isMembershipTier,
  type MembershipStatus,
  type MembershipTier,
  membershipTrackOf,
  tierInfo,
} from '../../contract/membership';
import { grantsTierAt } from './subscription-rules';

/** The member's subscription that grants a paid tier at `now`, if any (grantsTierAt). */
export function payingSubscription(db: Db, userId: number, now: Date) {
  return db
    .selectFrom('membership_subscriptions as s')
    .selectAll('s')
    .where('s.user_id', '=', userId)
    .where(grantsTierAt(now))
    .orderBy('s.id', 'desc')
    .executeTakeFirst();
}

/**
 * What the member may do now: the membership_entitlements row of their tier. The one function every
 * feature calls (docs/product/rulings.md "Added 2026-11-23"): a member without a paying
 * subscription reads the Free row of their track. An unknown user reads Free.
 */
export async function entitlementsOf(db: Db, userId: number, now = new Date()): Promise<Entitlements> {
  const user = await db
    .selectFrom('users')
    .select(['is_candidate', 'kind'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const track = user ? membershipTrackOf({ isCandidate: user.is_candidate, kind: user.kind }) : null;
  const paying = track ? await payingSubscription(db, userId, now) : undefined;
  const paidTier = paying && isMembershipTier(paying.tier) ? paying.tier : null;
  // A subscription bought on the other track (the member stopped being a candidate) grants nothing.
  const tier: MembershipTier =
    paidTier && tierInfo(paidTier).track === track ? paidTier : FREE_TIER[track ?? 'organization'];
  const granted = tier === paidTier ? paying : undefined;
  const row = await db
    .selectFrom('membership_entitlements')
    .selectAll()
    .where('tier', '=', tier)
    .executeTakeFirstOrThrow();
  let status: MembershipStatus = 'free';
  if (granted) {
    if (granted.status === 'grace') status = 'grace';
    else status = granted.cancel_at_period_end ? 'cancelling' : 'active';
  }
  const paidUntil = granted
    ? new Date((granted.status === 'grace' ? granted.grace_until : granted.current_period_end) ?? now)
    : null;
  return {
    tier,
    track,
    tierName: tierInfo(tier).name,
    status,
    paidUntil: paidUntil?.toISOString() ?? null,
    verifiedBadge: row.verified_badge,
    dashboardAnalytics: row.dashboard_analytics,
    openJobPosts: row.open_job_posts,
    followerEmailsPerMonth: row.follower_emails_per_month,
  };
}
