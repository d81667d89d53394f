/**
 * What the donation reports look like on the wire (docs/decisions/0023-campaign-dashboard-and-refunds.md): the console's donation
 * revenue screen and its CSV read the same shape. Money in integer cents, days as UTC 'YYYY-MM-DD'.
 * Browser-safe: no imports.
 */
export interface DonationRevenueDay {
  day: string;
  /** Gifts received that day (paid then, whether or not refunded later). */
  gifts: number;
  grossCents: number;
  /** Gifts refunded that day, whenever they were received. */
  refundedCents: number;
  netCents: number;
}

export interface DonationRevenueReport {
  /** The range as react-admin's record id: 'YYYY-MM-DD..YYYY-MM-DD'. */
  id: string;
  from: string;
  to: string;
  totals: {
    grossCents: number;
    refundedCents: number;
    netCents: number;
    gifts: number;
    /** Distinct donors among the gifts received in the range. */
    donors: number;
  };
  days: DonationRevenueDay[];
}

/** The donation statuses staff filter gifts by (migrations/0015_donations.ts). */
export const DONATION_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded'] as const;
export type DonationStatusName = (typeof DONATION_STATUSES)[number];

export const DONATION_STATUS_LABELS: Record<DonationStatusName, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** A refund's reason: required, so the audit log and the donor's email say why. */
export const REFUND_REASON_MAX = 500;
