import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { AffiliateReport } from '../../contract/affiliates';
import { type DayRange, daysBetween, rangeId } from '../../contract/day-ranges';
import { affiliateRangeSums } from './report-range';

/** The console lists the busiest affiliates of the range; more than this is a search, not a table. */
export const REPORT_AFFILIATES = 200;

/**
 * The console's affiliate report (/admin/affiliates, docs/decisions/0031-affiliates-and-partner-revenue.md) for UTC days: clicks,
 * conversions and commission earned by day (a commission counts on the day it was earned, and as
 * reversed on the day its sale was refunded), payouts recorded in the range, and per affiliate the
 * same plus what is owed now. The screen and its CSV both come from here. Every figure comes from
 * the rollups the clicks, commissions and payouts triggers keep (docs/decisions/0035-revenue-rollups.md):
 * the chart and totals per day, each affiliate's whole months and edge days, what is owed now.
 */
export async function affiliateReport(db: Db, range: DayRange): Promise<AffiliateReport> {
  const [daily, rows] = await Promise.all([
    db
      .selectFrom('affiliate_revenue_totals')
      .select([
        sql<string>`day::text`.as('day'),
        'clicks',
        'conversions',
        'sales_cents as sales',
        'earned_cents as earned',
        'reversed_cents as reversed',
        'paid_cents as paid',
      ])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
    sql<{
      id: number;
      code: string;
      name: string;
      clicks: string;
      conversions: string;
      earned: string;
      reversed: string;
      paid: string;
      balance: string;
    }>`
      SELECT a.id, a.code,
        coalesce(u.org_name, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))) AS name,
        coalesce(r.clicks, 0) AS clicks, coalesce(r.conversions, 0) AS conversions,
        coalesce(r.earned, 0) AS earned, coalesce(r.reversed, 0) AS reversed, coalesce(r.paid, 0) AS paid,
        coalesce(b.owed_cents, 0) AS balance
      FROM affiliates a
      JOIN users u ON u.id = a.user_id
      LEFT JOIN (${affiliateRangeSums(range)}) r ON r.affiliate_id = a.id
      LEFT JOIN affiliate_balances b ON b.affiliate_id = a.id
      ORDER BY coalesce(r.earned, 0) DESC, coalesce(b.owed_cents, 0) DESC, a.id
      LIMIT ${REPORT_AFFILIATES}`
      .execute(db)
      .then((r) => r.rows),
  ]);
  const byDay = new Map(daily.map((r) => [r.day, r]));
  const days = daysBetween(range.from, range.to).map((day) => ({
    day,
    clicks: Number(byDay.get(day)?.clicks ?? 0),
    conversions: Number(byDay.get(day)?.conversions ?? 0),
    earnedCents: Number(byDay.get(day)?.earned ?? 0),
  }));
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
  const sumRows = (pick: (r: (typeof daily)[number]) => string | number) =>
    daily.reduce((n, r) => n + Number(pick(r)), 0);
  return {
    id: rangeId(range),
    from: range.from,
    to: range.to,
    totals: {
      clicks: sum((d) => d.clicks),
      conversions: sum((d) => d.conversions),
      salesCents: sumRows((r) => r.sales),
      earnedCents: sum((d) => d.earnedCents),
      reversedCents: sumRows((r) => r.reversed),
      paidCents: sumRows((r) => r.paid),
    },
    days,
    affiliates: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      clicks: Number(r.clicks),
      conversions: Number(r.conversions),
      earnedCents: Number(r.earned),
      reversedCents: Number(r.reversed),
      paidCents: Number(r.paid),
      balanceCents: Number(r.balance),
    })),
  };
}

export const AFFILIATE_CSV_HEADER = [
  'row',
  'code',
  'name',
  'clicks',
  'conversions',
  'earned',
  'reversed',
  'paid',
  'owed',
] as const;

/** The report as CSV: one row per day, one per affiliate, then the totals, as the screen shows them. */
export function affiliateCsvRows(report: AffiliateReport): unknown[][] {
  const amount = (cents: number) => (cents / 100).toFixed(2);
  const t = report.totals;
  return [
    ...report.days.map((d) => [d.day, '', '', d.clicks, d.conversions, amount(d.earnedCents), '', '', '']),
    ...report.affiliates.map((a) => [
      'affiliate',
      a.code,
      a.name,
      a.clicks,
      a.conversions,
      amount(a.earnedCents),
      amount(a.reversedCents),
      amount(a.paidCents),
      amount(a.balanceCents),
    ]),
    [
      'total',
      '',
      '',
      t.clicks,
      t.conversions,
      amount(t.earnedCents),
      amount(t.reversedCents),
      amount(t.paidCents),
      '',
    ],
  ];
}
