import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { AffiliateReport } from '../../contract/affiliates';
import { type DayRange, dayStart, daysBetween, rangeId } from '../../contract/day-ranges';
import { balanceOf } from './commissions';

const DAY_MS = 86_400_000;
/** The console lists the busiest affiliates of the range; more than this is a search, not a table. */
export const REPORT_AFFILIATES = 200;

const dayOf = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * The console's affiliate report (/admin/affiliates, docs/decisions/0031-affiliates-and-partner-revenue.md) for UTC days: clicks,
 * conversions and commission earned by day (a commission counts on the day it was earned, and as
 * reversed on the day its sale was refunded), payouts recorded in the range, and per affiliate the
 * same plus what is owed now. The screen and its CSV both come from here.
 */
export async function affiliateReport(db: Db, range: DayRange): Promise<AffiliateReport> {
  const start = dayStart(range.from);
  const end = new Date(dayStart(range.to).getTime() + DAY_MS);
  const [clicks, earned, reversed, paid, rows] = await Promise.all([
    db
      .selectFrom('affiliate_clicks')
      .select([sql<string>`day::text`.as('day'), sql<string>`count(*)`.as('n')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('affiliate_commissions')
      .select([
        dayOf('earned_at').as('day'),
        sql<string>`count(*)`.as('n'),
        sql<string>`sum(base_cents)`.as('sales'),
        sql<string>`sum(amount_cents)`.as('cents'),
      ])
      .where('earned_at', '>=', start)
      .where('earned_at', '<', end)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('affiliate_commissions')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('reversed_at', '>=', start)
      .where('reversed_at', '<', end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('affiliate_payouts')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('affiliates as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.code',
        sql<string>`coalesce(u.org_name, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')))`.as(
          'name',
        ),
        sql<string>`(SELECT count(*) FROM affiliate_clicks k WHERE k.affiliate_id = a.id
          AND k.day >= ${range.from} AND k.day <= ${range.to})`.as('clicks'),
        sql<string>`(SELECT count(*) FROM affiliate_commissions c WHERE c.affiliate_id = a.id
          AND c.earned_at >= ${start} AND c.earned_at < ${end})`.as('conversions'),
        sql<string>`(SELECT coalesce(sum(amount_cents), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id
          AND c.earned_at >= ${start} AND c.earned_at < ${end})`.as('earned'),
        sql<string>`(SELECT coalesce(sum(amount_cents), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id
          AND c.reversed_at >= ${start} AND c.reversed_at < ${end})`.as('reversed'),
        sql<string>`(SELECT coalesce(sum(amount_cents), 0) FROM affiliate_payouts p WHERE p.affiliate_id = a.id
          AND p.created_at >= ${start} AND p.created_at < ${end})`.as('paid'),
        balanceOf('a.id').as('balance'),
      ])
      .orderBy(sql`earned`, 'desc')
      .orderBy(sql`balance`, 'desc')
      .orderBy('a.id')
      .limit(REPORT_AFFILIATES)
      .execute(),
  ]);
  const clicksByDay = new Map(clicks.map((r) => [r.day, Number(r.n)]));
  const earnedByDay = new Map(earned.map((r) => [r.day, r]));
  const days = daysBetween(range.from, range.to).map((day) => ({
    day,
    clicks: clicksByDay.get(day) ?? 0,
    conversions: Number(earnedByDay.get(day)?.n ?? 0),
    earnedCents: Number(earnedByDay.get(day)?.cents ?? 0),
  }));
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
  return {
    id: rangeId(range),
    from: range.from,
    to: range.to,
    totals: {
      clicks: sum((d) => d.clicks),
      conversions: sum((d) => d.conversions),
      salesCents: earned.reduce((n, r) => n + Number(r.sales), 0),
      earnedCents: sum((d) => d.earnedCents),
      reversedCents: Number(reversed.cents),
      paidCents: Number(paid.cents),
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
