import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { type DayRange, dayStart, daysBetween } from '../../contract/day-ranges';
import type { DonationRevenueReport } from '../../contract/donation-reports';

/**
 * The console's donation revenue report (/admin/revenues/donations, docs/decisions/0023-campaign-dashboard-and-refunds.md), across
 * every candidate, by UTC day. A gift counts as received on the day it was paid (refunded ones too:
 * the money came in), and as refunded on the day it was refunded; net is the difference. The
 * screen and its CSV both come from this one function, so they cannot disagree.
 */
const DAY_MS = 86_400_000;

export async function donationRevenue(db: Db, range: DayRange): Promise<DonationRevenueReport> {
  const start = dayStart(range.from);
  const end = new Date(dayStart(range.to).getTime() + DAY_MS);
  const receivedAt = sql`coalesce(paid_at, created_at)`;
  const [received, refunded, donors] = await Promise.all([
    db
      .selectFrom('donations')
      .select([
        sql<string>`to_char(${receivedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        sql<string>`count(*)`.as('gifts'),
        sql<string>`sum(amount_cents)`.as('cents'),
      ])
      .where('status', 'in', ['paid', 'refunded'])
      .where(receivedAt, '>=', start)
      .where(receivedAt, '<', end)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('donations')
      .select([
        sql<string>`to_char(refunded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        sql<string>`sum(amount_cents)`.as('cents'),
      ])
      .where('status', '=', 'refunded')
      .where('refunded_at', '>=', start)
      .where('refunded_at', '<', end)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('donations')
      .select(sql<string>`count(DISTINCT donor_id)`.as('donors'))
      .where('status', 'in', ['paid', 'refunded'])
      .where(receivedAt, '>=', start)
      .where(receivedAt, '<', end)
      .executeTakeFirstOrThrow(),
  ]);
  const receivedByDay = new Map(received.map((r) => [r.day, r]));
  const refundedByDay = new Map(refunded.map((r) => [r.day, Number(r.cents)]));
  const days = daysBetween(range.from, range.to).map((day) => {
    const r = receivedByDay.get(day);
    const grossCents = Number(r?.cents ?? 0);
    const refundedCents = refundedByDay.get(day) ?? 0;
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
