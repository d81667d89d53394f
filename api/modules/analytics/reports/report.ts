import { sql } from 'kysely';
import type { Db } from '../../../../db/client';
import type { PageRow, PageViewReport, TrafficReport } from '../../../contract/analytics-reports';
import { type DayRange, dayCount, daysBetween, MAX_RANGE_DAYS, rangeId } from '../../../contract/day-ranges';
import { ValidationError } from '../../errors';

/**
 * The console's analytics screen (/admin/analytics), read only from the daily rollups
 * (rollup.ts). The maintenance job refreshes today and yesterday every 5 minutes, so today's
 * figures are at most that old. Two reports for two permissions: traffic (sessions, referrers,
 * campaigns) needs VIEW_ANALYTICS, page views (over time, top and exit pages, time on page)
 * VIEW_PAGE_VIEWS; the REST route table guards each.
 */

const TOP_ROWS = 20;
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

export async function pageViewReport(db: Db, range: DayRange): Promise<PageViewReport> {
  const pages = (order: 'page_views' | 'exits') =>
    db
      .selectFrom('analytics_daily_pages')
      .select([
        'path',
        sql<number>`sum(page_views)::int`.as('page_views'),
        sql<number>`sum(exits)::int`.as('exits'),
        sql<string>`sum(total_duration_ms)::text`.as('total_duration_ms'),
        sql<number>`sum(timed_views)::int`.as('timed_views'),
      ])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('path')
      .having(sql<number>`sum(${sql.ref(order)})`, '>', 0)
      .orderBy(order, 'desc')
      .orderBy('path')
      .limit(TOP_ROWS)
      .execute();
  const [daily, topPages, exitPages] = await Promise.all([
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
    pages('page_views'),
    pages('exits'),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const days = daysBetween(range.from, range.to).map((day) => ({
    day,
    pageViews: byDay.get(day)?.page_views ?? 0,
  }));
  const duration = daily.reduce((n, d) => n + Number(d.total_duration_ms), 0);
  const timed = daily.reduce((n, d) => n + d.timed_views, 0);
  const row = (p: Awaited<ReturnType<typeof pages>>[number]): PageRow => ({
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
