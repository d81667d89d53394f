/**
 * Partner revenue (docs/product/rulings.md "Shop": the platform's commission on vendor sales).
 * Browser-safe: no imports.
 */

/** The platform's share of a vendor's sales, in percent (default 15%). */
export const VENDOR_COMMISSION_PERCENT = 15;

/** The platform's commission on a vendor's sales, integer cents, rounded down. */
export function vendorCommissionCents(salesCents: number): number {
  return Math.floor((salesCents * VENDOR_COMMISSION_PERCENT) / 100);
}

export interface PartnerRevenueReport {
  id: string;
  from: string;
  to: string;
  totals: { orders: number; salesCents: number; commissionCents: number; vendors: number };
  days: { day: string; salesCents: number; commissionCents: number }[];
  /** One row per vendor per calendar month (UTC) with sales in the range. */
  vendorMonths: {
    vendorId: number;
    vendor: string;
    month: string;
    orders: number;
    salesCents: number;
    commissionCents: number;
  }[];
}
