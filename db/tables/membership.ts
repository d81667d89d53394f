import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Membership (migrations/0017_membership.ts, docs/decisions/0024-membership.md). */

export type MembershipSubscriptionStatus = 'pending' | 'active' | 'grace' | 'cancelled' | 'ended';

export interface MembershipEntitlementsTable {
  tier: string;
  verified_badge: boolean;
  dashboard_analytics: boolean;
  open_job_posts: number;
  follower_emails_per_month: number;
}

export interface MembershipSubscriptionsTable {
  id: Generated<number>;
  reference: string;
  user_id: number;
  tier: string;
  amount_cents: number;
  status: ColumnType<
    MembershipSubscriptionStatus,
    MembershipSubscriptionStatus | undefined,
    MembershipSubscriptionStatus
  >;
  current_period_end: Timestamp | null;
  cancel_at_period_end: Generated<boolean>;
  provider_subscription_id: string | null;
  grace_until: Timestamp | null;
  replaces_id: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  ended_at: Timestamp | null;
  /** The affiliate the subscription is attributed to (migrations/0022_affiliates.ts). */
  affiliate_id: ColumnType<number | null, number | null | undefined, number | null>;
}
