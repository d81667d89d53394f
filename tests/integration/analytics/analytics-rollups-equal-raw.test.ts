import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRow, PageViewReport, TrafficReport } from '../../../api/contract/analytics-reports';
import { type DayRange, daysBetween, rangeId, utcDay } from '../../../api/contract/day-ranges';
import { pageViewReport, trafficReport } from '../../../api/modules/analytics/reports/report';
import { rebuildRollups, rollupDays } from '../../../api/modules/analytics/reports/rollup';
import type { Db, DbHandle } from '../../../db/client';
import * as migration from '../../../migrations/0027_counters_and_monthly_pages';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The analytics screen reads only the daily rollups (docs/decisions/0010-analytics-reports.md,
 * 0037-console-counters.md). Here its two reports are computed a second time, in TypeScript,
 * straight from the raw sessions and page views, over generated traffic (several days, both
 * sides of midnight UTC, referrers, campaigns, durations, exits), and must be equal, for the
 * whole range and for parts of it, before and after late events are rolled up again.
 */
let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(() => handle?.close());

// Ten weeks: two whole calendar months (June, July) and days on either side.
const FIRST_DAY = '2025-05-27';
const DAYS = daysBetween(FIRST_DAY, '2025-08-04');
const DAY_MS = 86_400_000;

/** A small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

const REFERRERS = [
  null,
  'https://www.google.com/search?q=campaign',
  'HTTP://Google.com',
  'https://news.example.org/a',
  'https://user@blog.example.net:8443/post?x=1',
  'https://duckduckgo.com/',
] as const;
const CAMPAIGNS = [
  {},
  { utm_campaign: 'spring', utm_source: 'newsletter', utm_medium: 'email' },
  { utm_campaign: ' spring ', utm_source: 'newsletter ', utm_medium: 'email' },
  { utm_campaign: 'spring', utm_source: 'news' },
  { utm_campaign: 'fall', utm_source: 'x', utm_medium: 'social' },
  { utm_campaign: '   ' },
] as const;
// 26 paths of one shape, so the database's collation and JavaScript order them alike.
const PATHS = Array.from({ length: 26 }, (_, i) => `/page-${String.fromCharCode(97 + i)}`);

interface RawSession {
  id: string;
  visitor_hash: string;
  referrer: string | null;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  started_at: Date;
}
interface RawView {
  id: string;
  session_id: string;
  path: string;
  started_at: Date;
  duration_ms: number | null;
  is_exit: boolean;
}

async function generateTraffic(seed: number, sessions: number) {
  const g = generator(seed);
  const start = new Date(`${FIRST_DAY}T00:00:00Z`).getTime();
  const sessionRows: RawSession[] = [];
  const viewRows: RawView[] = [];
  for (let i = 0; i < sessions; i++) {
    // Some sessions start exactly at midnight or a millisecond before it.
    const edge = g.next();
    const dayIndex = Math.floor(g.next() * DAYS.length);
    const offset = edge < 0.05 ? 0 : edge < 0.1 ? DAY_MS - 1 : Math.floor(g.next() * DAY_MS);
    const started = new Date(start + dayIndex * DAY_MS + offset);
    const session: RawSession = {
      id: randomUUID(),
      visitor_hash: `v${Math.floor(g.next() * sessions * 0.6)}`,
      referrer: g.pick(REFERRERS),
      ...g.pick(CAMPAIGNS),
      started_at: started,
    };
    sessionRows.push(session);
    const views = 1 + Math.floor(g.next() * 5);
    for (let v = 0; v < views; v++) {
      viewRows.push({
        id: randomUUID(),
        session_id: session.id,
        // Skewed towards the first paths, so top-20 lists are cut somewhere.
        path: PATHS[Math.floor(g.next() ** 2 * PATHS.length)]!,
        started_at: new Date(started.getTime() + v * 40_000),
        duration_ms: g.next() < 0.3 ? null : Math.floor(g.next() * 90_000),
        is_exit: v === views - 1,
      });
    }
  }
  await db.insertInto('analytics_sessions').values(sessionRows).execute();
  for (let i = 0; i < viewRows.length; i += 500) {
    await db
      .insertInto('analytics_page_views')
      .values(viewRows.slice(i, i + 500).map((v) => ({ ...v, url: v.path })))
      .execute();
  }
}

/** The referring host as docs/decisions/0010-analytics-reports.md defines it: lower case, no `www.`, '' for direct. */
function referrerHost(referrer: string | null): string {
  if (!referrer) return '';
  return new URL(referrer.toLowerCase()).hostname.replace(/^www\./, '');
}

const byCountThenKey =
  <T>(count: (row: T) => number, key: (row: T) => string) =>
  (a: T, b: T) =>
    count(b) - count(a) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

async function rawReports(range: DayRange): Promise<{ traffic: TrafficReport; pages: PageViewReport }> {
  const sessions = (await db.selectFrom('analytics_sessions').selectAll().execute()).filter((s) => {
    const day = utcDay(new Date(s.started_at));
    return day >= range.from && day <= range.to;
  });
  const views = (await db.selectFrom('analytics_page_views').selectAll().execute()).filter((v) => {
    const day = utcDay(new Date(v.started_at));
    return day >= range.from && day <= range.to;
  });
  const days = daysBetween(range.from, range.to);
  const dayOf = (at: Date) => utcDay(new Date(at));

  const trafficDays = days.map((day) => {
    const own = sessions.filter((s) => dayOf(s.started_at) === day);
    return { day, sessions: own.length, visitors: new Set(own.map((s) => s.visitor_hash)).size };
  });
  const referrers = new Map<string, number>();
  for (const s of sessions)
    referrers.set(referrerHost(s.referrer), (referrers.get(referrerHost(s.referrer)) ?? 0) + 1);
  const campaigns = new Map<string, { campaign: string; source: string; medium: string; sessions: number }>();
  for (const s of sessions) {
    const campaign = s.utm_campaign?.trim() ?? '';
    if (campaign === '') continue;
    const source = s.utm_source?.trim() ?? '';
    const medium = s.utm_medium?.trim() ?? '';
    const key = JSON.stringify([campaign, source, medium]);
    const row = campaigns.get(key) ?? { campaign, source, medium, sessions: 0 };
    row.sessions += 1;
    campaigns.set(key, row);
  }

  const pageRows = new Map<
    string,
    { path: string; views: number; exits: number; total: number; timed: number }
  >();
  for (const v of views) {
    const row = pageRows.get(v.path) ?? { path: v.path, views: 0, exits: 0, total: 0, timed: 0 };
    row.views += 1;
    row.exits += v.is_exit ? 1 : 0;
    if (v.duration_ms !== null) {
      row.total += v.duration_ms;
      row.timed += 1;
    }
    pageRows.set(v.path, row);
  }
  const avg = (total: number, count: number) => (count > 0 ? Math.round(total / count) : null);
  const pageRow = (p: {
    path: string;
    views: number;
    exits: number;
    total: number;
    timed: number;
  }): PageRow => ({
    path: p.path,
    pageViews: p.views,
    exits: p.exits,
    exitRate: p.views > 0 ? p.exits / p.views : 0,
    avgTimeOnPageMs: avg(p.total, p.timed),
  });
  const pageDays = days.map((day) => ({
    day,
    pageViews: views.filter((v) => dayOf(v.started_at) === day).length,
  }));
  const timed = views.filter((v) => v.duration_ms !== null);
  const all = [...pageRows.values()];
  return {
    traffic: {
      id: rangeId(range),
      ...range,
      totals: {
        sessions: trafficDays.reduce((n, d) => n + d.sessions, 0),
        visitors: trafficDays.reduce((n, d) => n + d.visitors, 0),
      },
      days: trafficDays,
      referrers: [...referrers.entries()]
        .map(([referrer, count]) => ({ referrer, sessions: count }))
        .sort(
          byCountThenKey(
            (r) => r.sessions,
            (r) => r.referrer,
          ),
        )
        .slice(0, 20),
      campaigns: [...campaigns.values()].sort(
        byCountThenKey(
          (c) => c.sessions,
          (c) => `${c.campaign}\u0000${c.source}\u0000${c.medium}`,
        ),
      ),
    },
    pages: {
      id: rangeId(range),
      ...range,
      totals: {
        pageViews: views.length,
        avgTimeOnPageMs: avg(
          timed.reduce((n, v) => n + (v.duration_ms ?? 0), 0),
          timed.length,
        ),
      },
      days: pageDays,
      topPages: all
        .filter((p) => p.views > 0)
        .sort(
          byCountThenKey(
            (p) => p.views,
            (p) => p.path,
          ),
        )
        .slice(0, 20)
        .map(pageRow),
      exitPages: all
        .filter((p) => p.exits > 0)
        .sort(
          byCountThenKey(
            (p) => p.exits,
            (p) => p.path,
          ),
        )
        .slice(0, 20)
        .map(pageRow),
    },
  };
}

/** Campaign rows tie on sessions and name (the report orders by those two only): compare as sets. */
function comparable(traffic: TrafficReport) {
  return {
    ...traffic,
    campaigns: [...traffic.campaigns].sort(
      byCountThenKey(
        (c) => c.sessions,
        (c) => `${c.campaign}\u0000${c.source}\u0000${c.medium}`,
      ),
    ),
  };
}

async function expectReportsEqualRaw(range: DayRange) {
  const expected = await rawReports(range);
  expect(comparable(await trafficReport(db, range))).toEqual(expected.traffic);
  expect(await pageViewReport(db, range)).toEqual(expected.pages);
  return expected;
}

describe('rollup-backed analytics reports', () => {
  it('equal the reports computed from the raw rows, for the whole range and parts of it', async () => {
    await generateTraffic(21, 1_200);
    await rebuildRollups(db, DAYS[0]!, DAYS.at(-1)!);
    const whole = await expectReportsEqualRaw({ from: DAYS[0]!, to: DAYS.at(-1)! });
    // The data is rich enough to cut the top-20 lists and to fill every day.
    expect(whole.pages.topPages).toHaveLength(20);
    expect(whole.traffic.days.every((d) => d.sessions > 0)).toBe(true);
    expect(whole.traffic.campaigns.length).toBeGreaterThan(2);
    // Whole months (read from the monthly page rows), whole months with days around them, days
    // inside one month, and a range that starts before the data.
    for (const range of [
      { from: '2025-06-01', to: '2025-07-31' },
      { from: '2025-06-01', to: '2025-06-30' },
      { from: '2025-05-30', to: '2025-07-02' },
      { from: '2025-06-15', to: '2025-07-31' },
      { from: '2025-06-01', to: '2025-07-20' },
      { from: '2025-07-03', to: '2025-07-04' },
      { from: '2025-05-20', to: FIRST_DAY },
    ]) {
      await expectReportsEqualRaw(range);
    }
    // The migration's backfill builds the same monthly rows from the daily ones.
    await db.transaction().execute(async (trx) => {
      await migration.down(trx as unknown as Kysely<unknown>);
      await migration.up(trx as unknown as Kysely<unknown>);
    });
    await expectReportsEqualRaw({ from: '2025-05-30', to: '2025-07-31' });
  });

  it('stay equal once late events are rolled up again', async () => {
    // Late durations, a later page view that takes the exit, and new sessions on a past day.
    await db
      .updateTable('analytics_page_views')
      .set({ duration_ms: 1_234 })
      .where('duration_ms', 'is', null)
      .execute();
    const later = await db
      .selectFrom('analytics_page_views')
      .select(['session_id', 'path'])
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('analytics_page_views')
      .set({ is_exit: false })
      .where('session_id', '=', later.session_id)
      .execute();
    await db
      .insertInto('analytics_page_views')
      .values({
        id: randomUUID(),
        session_id: later.session_id,
        path: '/page-z',
        url: '/page-z',
        started_at: new Date('2025-06-30T23:59:59.999Z'),
        duration_ms: null,
        is_exit: true,
      })
      .execute();
    await generateTraffic(77, 60);
    await rollupDays(db, DAYS);
    await expectReportsEqualRaw({ from: DAYS[0]!, to: DAYS.at(-1)! });
  });
});
