import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { type DayRange, daysBetween } from '../../contract/day-ranges';
import type { DonationRevenueReport } from '../../contract/donation-reports';

/**
 * The console's donation revenue report (/admin/revenues/donations, docs/decisions/0023-campaign-dashboard-and-refunds.md), across
 * every candidate, by UTC day. A gift counts as received on the day it was paid (refunded ones too:
 * the money came in), and as refunded on the day it was refunded; net is the difference. The
 * screen and its CSV both come from this one function, so they cannot disagree. The figures come
 * from the daily rollups the donations table's triggers keep (docs/decisions/0035-revenue-rollups.md).
 */
export async function donationRevenue(db: Db, range: DayRange): Promise<DonationRevenueReport> {
  const firstOfMonth = `${range.from.slice(0, 7)}-01`;
  const [rows, donors] = await Promise.all([
    db
      .selectFrom('donation_revenue_days')
      .select([sql<string>`day::text`.as('day'), 'gifts', 'gross_cents', 'refunded_cents'])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
    // A donor counts once: on their first day with a gift in the range, the one whose previous
    // gift day (if any) is before the range. Previous days in an earlier month are counted per
    // day from donation_donor_gaps; those earlier in the range's first month one by one.
    sql<{ donors: string }>`
      SELECT (SELECT coalesce(sum(donors), 0) FROM donation_donor_gaps
          WHERE day >= ${range.from} AND day <= ${range.to} AND prev_month < ${firstOfMonth})
        + (SELECT count(*) FROM donation_donor_days
          WHERE prev_day >= ${firstOfMonth} AND prev_day < ${range.from}
            AND day >= ${range.from} AND day <= ${range.to}) AS donors`
      .execute(db)
      .then((r) => r.rows[0]!),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysBetween(range.from, range.to).map((day) => {
    const r = byDay.get(day);
    const grossCents = Number(r?.gross_cents ?? 0);
    const refundedCents = Number(r?.refunded_cents ?? 0);
    return {
      day,
      gifts: Number(r?.gifts ?? 0),
      grossCents,
      refundedCents,
      netCents: grossCents - refundedCents,
    };
  });
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
  return {
    id: `${range.from}..${range.to}`,
    from: range.from,
    to: range.to,
    totals: {
      grossCents: sum((d) => d.grossCents),
      refundedCents: sum((d) => d.refundedCents),
      netCents: sum((d) => d.netCents),
      gifts: sum((d) => d.gifts),
      donors: Number(donors.donors),
    },
    days,
  };
}

export const REVENUE_CSV_HEADER = ['day', 'gifts', 'gross', 'refunded', 'net'] as const;

/** The report as CSV rows: one per day, then the totals (with the distinct donors). */
export function revenueCsvRows(report: DonationRevenueReport): unknown[][] {
  const amount = (cents: number) => (cents / 100).toFixed(2);
  return [
    ...report.days.map((d) => [
      d.day,
      d.gifts,
      amount(d.grossCents),
      amount(d.refundedCents),
      amount(d.netCents),
    ]),
    [
      'total',
      report.totals.gifts,
      amount(report.totals.grossCents),
      amount(report.totals.refundedCents),
      amount(report.totals.netCents),
    ],
    ['donors', report.totals.donors],
  ];
}
