import { sql } from 'kysely';
import type { Db } from '../../../../db/client';
import type { PageRow, PageViewReport, TrafficReport } from '../../../contract/analytics-reports';
import {
  type DayRange,
  dayCount,
  dayStart,
  daysBetween,
  MAX_RANGE_DAYS,
  rangeId,
  utcDay,
} from '../../../contract/day-ranges';
import { ValidationError } from '../../errors';
import { monthOf } from './rollup';

/**
 * The console's analytics screen (/admin/analytics), read only from the daily rollups and, for
 * whole months of top pages, their monthly sums (rollup.ts): the cost follows days × keys, not
 * events (docs/decisions/0037-console-counters.md: 10M page views). The maintenance job refreshes today and yesterday every 5 minutes, so today's
 * figures are at most that old. Two reports for two permissions: traffic (sessions, referrers,
 * campaigns) needs VIEW_ANALYTICS, page views (over time, top and exit pages, time on page)
 * VIEW_PAGE_VIEWS; the REST route table guards each.
 */

const TOP_ROWS = 20;
const DAY_MS = 86_400_000;
const RANGE_ID = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/;

export function parseRangeId(id: string): DayRange {
  const match = RANGE_ID.exec(id);
  const refuse = (message: string) => new ValidationError({ range: [message] });
  if (!match) throw refuse('Give the range as YYYY-MM-DD..YYYY-MM-DD.');
  const range = { from: match[1]!, to: match[2]! };
  let days: number;
  try {
    // Counted, not listed: a range of millions of days is refused before one day is built.
    days = dayCount(range.from, range.to);
  } catch {
    throw refuse('Give real calendar days.');
  }
  if (days === 0) throw refuse('The range must start on or before its last day.');
  if (days > MAX_RANGE_DAYS) throw refuse(`Show at most ${MAX_RANGE_DAYS} days at a time.`);
  return range;
}

const avg = (total: number | string, count: number) => (count > 0 ? Math.round(Number(total) / count) : null);

export async function trafficReport(db: Db, range: DayRange): Promise<TrafficReport> {
  const [daily, referrers, campaigns] = await Promise.all([
    db
      .selectFrom('analytics_daily_totals')
      .select([sql<string>`day::text`.as('day'), 'sessions', 'visitors'])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
    db
      .selectFrom('analytics_daily_sources')
      .select(['value', sql<number>`sum(sessions)::int`.as('sessions')])
      .where('kind', '=', 'referrer')
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('value')
      .orderBy('sessions', 'desc')
      .orderBy('value')
      .limit(TOP_ROWS)
      .execute(),
    db
      .selectFrom('analytics_daily_sources')
      .select(['value', 'source', 'medium', sql<number>`sum(sessions)::int`.as('sessions')])
      .where('kind', '=', 'campaign')
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['value', 'source', 'medium'])
      .orderBy('sessions', 'desc')
      .orderBy('value')
      .limit(TOP_ROWS)
      .execute(),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days = daysBetween(range.from, range.to).map((day) => ({
    day,
    sessions: byDay.get(day)?.sessions ?? 0,
    visitors: byDay.get(day)?.visitors ?? 0,
  }));
  return {
    id: rangeId(range),
    ...range,
    totals: {
      sessions: days.reduce((n, d) => n + d.sessions, 0),
      visitors: days.reduce((n, d) => n + d.visitors, 0),
    },
    days,
    referrers: referrers.map((r) => ({ referrer: r.value, sessions: r.sessions })),
    campaigns: campaigns.map((c) => ({
      campaign: c.value,
      source: c.source,
      medium: c.medium,
      sessions: c.sessions,
    })),
  };
}

interface PageSums {
  list: 'top' | 'exit';
  path: string;
  page_views: number;
  exits: number;
  total_duration_ms: string;
  timed_views: number;
}

/**
 * The calendar months wholly inside the range, as [first, end) first days of months; first =
 * end (none) when the range holds no whole month.
 */
export function wholeMonths(range: DayRange): { first: string; end: string } {
  const first = range.from.endsWith('-01') ? range.from : monthOf(range.from).next;
  const dayAfter = utcDay(new Date(dayStart(range.to).getTime() + DAY_MS));
  const end = dayAfter.endsWith('-01') ? dayAfter : monthOf(range.to).month;
  return first < end ? { first, end } : { first: range.from, end: range.from };
}

/**
 * The range's top pages by views and by exits from one aggregation of its page rows, each list
 * ranked by its count, then by path. Page rows are days × paths, the costliest read of the
 * screen (a year of 400 paths is ~150,000 day rows), so whole months are read from the monthly
 * rows (the same sums, migrations/0027_counters_and_monthly_pages.ts) and only the days before
 * and after them from the daily rows.
 */
async function topAndExitPages(db: Db, range: DayRange) {
  const { first, end } = wholeMonths(range);
  const result = await sql<PageSums>`
    WITH p AS MATERIALIZED (
      SELECT path, sum(page_views)::int AS page_views, sum(exits)::int AS exits,
             sum(total_duration_ms)::text AS total_duration_ms, sum(timed_views)::int AS timed_views
      FROM (
        SELECT path, page_views, exits, total_duration_ms, timed_views
        FROM analytics_daily_pages
        WHERE (day >= ${range.from}::date AND day < ${first}::date) OR (day >= ${end}::date AND day <= ${range.to}::date)
        UNION ALL
        SELECT path, page_views, exits, total_duration_ms, timed_views
        FROM analytics_monthly_pages
        WHERE month >= ${first}::date AND month < ${end}::date
      ) rows
      GROUP BY path
    )
    SELECT * FROM (
      (SELECT 'top' AS list, p.*, row_number() OVER (ORDER BY page_views DESC, path) AS rank
       FROM p WHERE page_views > 0 ORDER BY page_views DESC, path LIMIT ${TOP_ROWS})
      UNION ALL
      (SELECT 'exit' AS list, p.*, row_number() OVER (ORDER BY exits DESC, path) AS rank
       FROM p WHERE exits > 0 ORDER BY exits DESC, path LIMIT ${TOP_ROWS})
    ) lists
    ORDER BY list DESC, rank`.execute(db);
  return {
    topPages: result.rows.filter((r) => r.list === 'top'),
    exitPages: result.rows.filter((r) => r.list === 'exit'),
  };
}

export async function pageViewReport(db: Db, range: DayRange): Promise<PageViewReport> {
  const [daily, { topPages, exitPages }] = await Promise.all([
    db
      .selectFrom('analytics_daily_totals')
      .select([
        sql<string>`day::text`.as('day'),
        'page_views',
        sql<string>`total_duration_ms::text`.as('total_duration_ms'),
        'timed_views',
      ])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .execute(),
    topAndExitPages(db, range),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days = daysBetween(range.from, range.to).map((day) => ({
    day,
    pageViews: byDay.get(day)?.page_views ?? 0,
  }));
  const duration = daily.reduce((n, d) => n + Number(d.total_duration_ms), 0);
  const timed = daily.reduce((n, d) => n + d.timed_views, 0);
  const row = (p: PageSums): PageRow => ({
    path: p.path,
    pageViews: p.page_views,
    exits: p.exits,
    exitRate: p.page_views > 0 ? p.exits / p.page_views : 0,
    avgTimeOnPageMs: avg(p.total_duration_ms, p.timed_views),
  });
  return {
    id: rangeId(range),
    ...range,
    totals: { pageViews: days.reduce((n, d) => n + d.pageViews, 0), avgTimeOnPageMs: avg(duration, timed) },
    days,
    topPages: topPages.map(row),
    exitPages: exitPages.map(row),
  };
}
