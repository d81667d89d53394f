/**
 * The affiliate program's words and view shapes (docs/product/rulings.md "Other pages",
 * docs/decisions/0031-affiliates-and-partner-revenue.md). Browser-safe: no imports.
 */

/** 10% of an attributed order (merchandise after coupon, no shipping) or first subscription month. */
export const AFFILIATE_COMMISSION_PERCENT = 10;
/** A visit through a link attributes purchases made within this many days of that first touch. */
export const ATTRIBUTION_DAYS = 30;

/**
 * The commission on `baseCents`, in integer cents, rounded down: the program never pays a
 * fraction of a cent it did not earn (10% of $0.99 is 9¢).
 */
export function affiliateCommissionCents(baseCents: number): number {
  return Math.floor((baseCents * AFFILIATE_COMMISSION_PERCENT) / 100);
}

/** The affiliate's own page (/affiliates/dashboard). */
export interface AffiliateSummary {
  code: string;
  clicks: number;
  conversions: number;
  earnedCents: number;
  reversedCents: number;
  paidCents: number;
  balanceCents: number;
  recent: {
    kind: 'order' | 'subscription';
    earnedAt: string;
    amountCents: number;
    reversed: boolean;
  }[];
}

/** One affiliate's line in the console's report. */
export interface AffiliateReportRow {
  id: number;
  code: string;
  name: string;
  clicks: number;
  conversions: number;
  earnedCents: number;
  reversedCents: number;
  paidCents: number;
  /** Owed now, whatever the range: all earned − reversed − paid. */
  balanceCents: number;
}

/** /admin/affiliates: figures for a range of UTC days, by day and by affiliate. */
export interface AffiliateReport {
  id: string;
  from: string;
  to: string;
  totals: {
    clicks: number;
    conversions: number;
    salesCents: number;
    earnedCents: number;
    reversedCents: number;
    paidCents: number;
  };
  days: { day: string; clicks: number; conversions: number; earnedCents: number }[];
  affiliates: AffiliateReportRow[];
}
