import type { UnkeptChargeRefundView } from './provider-refunds';

/**
 * The console's subscription revenue report (/admin/revenues/subscriptions, VIEW_SUBSCRIPTION_REVENUE;
 * docs/product/spec.md §6, docs/decisions/0024-membership.md): shared by the screen and the REST door.
 */
export interface SubscriptionRevenueMonth {
  /** YYYY-MM (UTC). */
  month: string;
  /** Subscriptions that started (went live) this month; a change of tier is not a new one. */
  started: number;
  /** Cancellations taking effect this month: members who cancelled at period end. */
  cancelled: number;
  /** Subscriptions that ended this month (cancelled or unpaid); a change of tier is not churn. */
  churned: number;
  /** Subscription charges that succeeded this month. */
  collectedCents: number;
}

export interface SubscriptionRevenueReport {
  id: 'last-12-months';
  /** Monthly recurring revenue now: active subscriptions that will renew. */
  mrrCents: number;
  /** Paid members now, by status. */
  active: number;
  cancelling: number;
  grace: number;
  /** The last 12 calendar months, this one included, oldest first. */
  months: SubscriptionRevenueMonth[];
}

export const SUBSCRIPTION_REVENUE_ID = 'last-12-months';

/** A membership charge the app gave back unasked, as the screen lists it (newest first). */
export interface MembershipChargeGivenBack extends UnkeptChargeRefundView {
  id: number;
  reference: string;
  tier: string;
  email: string;
}

/** What the screen reads: the report and the latest charges given back. */
export interface SubscriptionRevenueScreen extends SubscriptionRevenueReport {
  chargesGivenBack: MembershipChargeGivenBack[];
}
