import type { PartnerRevenueReport } from '../../../api/contract/partner-revenue';

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/**
 * The platform's commission per calendar month (UTC), all vendors together, oldest first: the bars
 * of the "Vendors by month" card, whose table lists the same months per vendor.
 */
export function commissionByMonth(
  vendorMonths: PartnerRevenueReport['vendorMonths'],
): { month: string; label: string; commissionCents: number }[] {
  const totals = new Map<string, number>();
  for (const row of vendorMonths) totals.set(row.month, (totals.get(row.month) ?? 0) + row.commissionCents);
  return [...totals]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([month, commissionCents]) => ({
      month,
      label: MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`)),
      commissionCents,
    }));
}
