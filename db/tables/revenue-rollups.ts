import type { ColumnType } from 'kysely';

/**
 * Daily revenue rollups (migrations/0025_revenue_rollups.ts, docs/decisions/0035-revenue-rollups.md),
 * kept by triggers: the app only reads them. `day` is a UTC date ('YYYY-MM-DD' when cast to text);
 * sums are bigint, which the drivers hand back as strings.
 */
type Day = ColumnType<string, string, string>;
type Sum = ColumnType<string, number, number>;

export interface DonationRevenueDaysTable {
  day: Day;
  gifts: number;
  gross_cents: Sum;
  refunded_cents: Sum;
}

export interface DonationDonorDaysTable {
  donor_id: number;
  day: Day;
  gifts: number;
  /** The donor's previous day with a gift, or null for their first. */
  prev_day: Day | null;
}

/** Donor-days per day by the month of their previous day ('0001-01-01' when none). */
export interface DonationDonorGapsTable {
  day: Day;
  prev_month: Day;
  donors: number;
}

export interface MerchandiseRevenueDaysTable {
  day: Day;
  orders: number;
  gross_cents: Sum;
  discount_cents: Sum;
  shipping_cents: Sum;
  refunded_orders: number;
  refunded_cents: Sum;
  to_fulfil: number;
  paid_orders: number;
}

export interface PartnerRevenueDaysTable {
  day: Day;
  vendor_id: number;
  orders: number;
  sales_cents: Sum;
}

export interface PartnerOrderDaysTable {
  day: Day;
  orders: number;
}

export interface SubscriptionRevenueDaysTable {
  day: Day;
  started: number;
  cancelled: number;
  churned: number;
  collected_cents: Sum;
}

export interface AffiliateRevenueDaysTable {
  day: Day;
  affiliate_id: number;
  clicks: number;
  conversions: number;
  sales_cents: Sum;
  earned_cents: Sum;
  reversed_cents: Sum;
  paid_cents: Sum;
}

/** What each affiliate is owed now: earned and not reversed, minus paid. */
export interface AffiliateBalancesTable {
  affiliate_id: number;
  owed_cents: Sum;
}

/** affiliate_revenue_days summed per UTC month (`month`: its first day) and affiliate. */
export interface AffiliateRevenueMonthsTable extends Omit<AffiliateRevenueDaysTable, 'day'> {
  month: Day;
}

/** affiliate_revenue_days summed per day over every affiliate. */
export type AffiliateRevenueTotalsTable = Omit<AffiliateRevenueDaysTable, 'affiliate_id'>;
