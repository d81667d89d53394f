import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageViewReport, TrafficReport } from '../../../api/contract/analytics-reports';
import { lastDays, rangeId, utcDay } from '../../../api/contract/day-ranges';
import { runMaintenance } from '../../../api/doors/queue-handlers/maintenance';
import { rebuildRollups, rollupDays } from '../../../api/modules/analytics/reports/rollup';
import { DEMO_VISITOR_PREFIX } from '../../../api/seed/analytics-demo';
import { seedDatabase } from '../../../api/seed/seed';
import { demoAccounts } from '../../factories/accounts';
import { heatmap } from '../../factories/heatmap';
import { rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Analytics reporting (docs/decisions/0010-analytics-reports.md): the daily rollups and the analytics screen's REST reports
 * (analytics.heatmapData: analytics-heatmap.test.ts). Tracked data is simulated by inserting raw
 * rows, as the ingest side stores them (path = pathname; event time).
 */
let t: TestApp;
let analytics: TestBrowser;
let support: TestBrowser;
let visitor: TestBrowser;
const _DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'analytics', 'support');
  analytics = await signedIn(t, STAFF_EMAIL.ANALYTICS);
  support = await signedIn(t, STAFF_EMAIL.SUPPORT);
  visitor = new TestBrowser(t);
});
afterAll(() => t?.close());

const D1 = '2025-03-10';
const D2 = '2025-03-11';
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

async function insertVisits() {
  const s1 = randomUUID();
  const s2 = randomUUID();
  const s3 = randomUUID();
  const s4 = randomUUID();
  await t.db
    .insertInto('analytics_sessions')
    .values([
      session(s1, 'v1', at(D1, '08:00:00'), 'https://www.google.com/search?q=campaign', {}),
      session(s2, 'v1', at(D1, '09:00:00'), null, {
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring',
      }),
      session(s3, 'v2', at(D1, '23:59:59'), 'https://news.example.org/a', {
        utm_source: 'news',
        utm_campaign: 'spring',
      }),
      // Next day (a session right after midnight UTC).
      session(s4, 'v3', at(D2, '00:00:00'), 'HTTP://Google.com', {}),
    ])
    .execute();
  await t.db
    .insertInto('analytics_page_views')
    .values([
      pageView(s1, '/', at(D1, '08:00:00'), 10_000, false),
      pageView(s1, '/merchandise', at(D1, '08:01:00'), 20_000, true),
      pageView(s2, '/', at(D1, '09:00:00'), 30_000, false),
      pageView(s2, '/people', at(D1, '09:01:00'), null, true),
      pageView(s3, '/', at(D1, '23:59:59'), null, true),
      pageView(s4, '/merchandise', at(D2, '00:00:00'), 5_000, true),
    ])
    .execute();
  return { s1, s2, s3, s4 };
}

function session(
  id: string,
  visitor: string,
  started: Date,
  referrer: string | null,
  utm: { utm_source?: string; utm_medium?: string; utm_campaign?: string },
) {
  return {
    id,
    user_id: null,
    visitor_hash: visitor,
    referrer,
    utm_source: utm.utm_source ?? null,
    utm_medium: utm.utm_medium ?? null,
    utm_campaign: utm.utm_campaign ?? null,
    utm_term: null,
    utm_content: null,
    started_at: started,
    last_seen_at: started,
  };
}

function pageView(session: string, path: string, started: Date, durationMs: number | null, isExit: boolean) {
  return {
    id: randomUUID(),
    session_id: session,
    user_id: null,
    path,
    url: `http://localhost:3000${path}`,
    title: null,
    referrer: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    started_at: started,
    duration_ms: durationMs,
    is_exit: isExit,
    ended_at: null,
  };
}

async function rollupRows(days: string[]) {
  const sql = (await import('kysely')).sql;
  const [totals, pages, sources] = await Promise.all([
    t.db
      .selectFrom('analytics_daily_totals')
      .select([sql<string>`day::text`.as('day'), 'page_views', 'sessions', 'visitors', 'timed_views'])
      .select(sql<number>`total_duration_ms::int`.as('total_duration_ms'))
      .where('day', 'in', days)
      .orderBy('day')
      .execute(),
    t.db
      .selectFrom('analytics_daily_pages')
      .select([sql<string>`day::text`.as('day'), 'path', 'page_views', 'exits', 'timed_views'])
      .select(sql<number>`total_duration_ms::int`.as('total_duration_ms'))
      .where('day', 'in', days)
      .orderBy('day')
      .orderBy('path')
      .execute(),
    t.db
      .selectFrom('analytics_daily_sources')
      .select([sql<string>`day::text`.as('day'), 'kind', 'value', 'source', 'medium', 'sessions'])
      .where('day', 'in', days)
      .orderBy('day')
      .orderBy('kind')
      .orderBy('value')
      .orderBy('source')
      .execute(),
  ]);
  return { totals, pages, sources };
}

describe('daily rollups', () => {
  let first: Awaited<ReturnType<typeof rollupRows>>;

  beforeAll(async () => {
    await insertVisits();
    await rollupDays(t.db, [D1, D2]);
    first = await rollupRows([D1, D2]);
  });

  it('totals page views, sessions, visitors and timed durations per UTC day', () => {
    expect(first.totals).toEqual([
      { day: D1, page_views: 5, sessions: 3, visitors: 2, timed_views: 3, total_duration_ms: 60_000 },
      { day: D2, page_views: 1, sessions: 1, visitors: 1, timed_views: 1, total_duration_ms: 5_000 },
    ]);
  });

  it('counts views, exits and time on page per path', () => {
    expect(first.pages).toEqual([
      { day: D1, path: '/', page_views: 3, exits: 1, timed_views: 2, total_duration_ms: 40_000 },
      { day: D1, path: '/merchandise', page_views: 1, exits: 1, timed_views: 1, total_duration_ms: 20_000 },
      { day: D1, path: '/people', page_views: 1, exits: 1, timed_views: 0, total_duration_ms: 0 },
      { day: D2, path: '/merchandise', page_views: 1, exits: 1, timed_views: 1, total_duration_ms: 5_000 },
    ]);
  });

  it('counts sessions by referring host (direct = "") and by campaign with source and medium', () => {
    expect(first.sources).toEqual([
      { day: D1, kind: 'campaign', value: 'spring', source: 'news', medium: '', sessions: 1 },
      { day: D1, kind: 'campaign', value: 'spring', source: 'newsletter', medium: 'email', sessions: 1 },
      { day: D1, kind: 'referrer', value: '', source: '', medium: '', sessions: 1 },
      { day: D1, kind: 'referrer', value: 'google.com', source: '', medium: '', sessions: 1 },
      { day: D1, kind: 'referrer', value: 'news.example.org', source: '', medium: '', sessions: 1 },
      { day: D2, kind: 'referrer', value: 'google.com', source: '', medium: '', sessions: 1 },
    ]);
  });

  it('is idempotent, and a rerun picks up late events', async () => {
    await rollupDays(t.db, [D1, D2]);
    await rebuildRollups(t.db, D1, D2);
    expect(await rollupRows([D1, D2])).toEqual(first);

    const late = randomUUID();
    await t.db
      .insertInto('analytics_sessions')
      .values(session(late, 'v9', at(D2, '12:00:00'), null, {}))
      .execute();
    await t.db
      .insertInto('analytics_page_views')
      .values(pageView(late, '/people', at(D2, '12:00:00'), 1_000, true))
      .execute();
    await rollupDays(t.db, [D2]);
    const after = await rollupRows([D1, D2]);
    expect(after.totals[0]).toEqual(first.totals[0]);
    expect(after.totals[1]).toMatchObject({ page_views: 2, sessions: 2, visitors: 2 });
    expect(after.sources.filter((s) => s.day === D2 && s.value === '')).toHaveLength(1);
  });

  it('runs from the maintenance job for today and yesterday', async () => {
    const now = new Date();
    const today = utcDay(now);
    const s = randomUUID();
    await t.db
      .insertInto('analytics_sessions')
      .values(session(s, 'vm', now, null, {}))
      .execute();
    await t.db
      .insertInto('analytics_page_views')
      .values(pageView(s, '/maint', now, 2_000, true))
      .execute();
    await runMaintenance(t.db, now);
    const { pages } = await rollupRows([today]);
    expect(pages).toContainEqual(expect.objectContaining({ day: today, path: '/maint', page_views: 1 }));
  });
});

describe('the analytics screen reports (/api/admin/rest)', () => {
  const range = `${D1}..${D2}`;

  it('serves traffic to VIEW_ANALYTICS: sessions per day, referrers and campaigns', async () => {
    const { status, json } = await rest(analytics, 'GET', `/analytics-traffic/${range}`);
    expect(status).toBe(200);
    const report = json as TrafficReport;
    expect(report.id).toBe(range);
    expect(report.days).toEqual([
      { day: D1, sessions: 3, visitors: 2 },
      { day: D2, sessions: 2, visitors: 2 },
    ]);
    expect(report.totals).toEqual({ sessions: 5, visitors: 4 });
    expect(report.referrers[0]).toEqual({ referrer: '', sessions: 2 });
    expect(report.referrers).toContainEqual({ referrer: 'google.com', sessions: 2 });
    expect(report.campaigns).toEqual([
      { campaign: 'spring', source: 'news', medium: '', sessions: 1 },
      { campaign: 'spring', source: 'newsletter', medium: 'email', sessions: 1 },
    ]);
  });

  it('serves page views to VIEW_PAGE_VIEWS: over time, top pages, exits, average time on page', async () => {
    const { status, json } = await rest(analytics, 'GET', `/analytics-page-views/${range}`);
    expect(status).toBe(200);
    const report = json as PageViewReport;
    expect(report.days).toEqual([
      { day: D1, pageViews: 5 },
      { day: D2, pageViews: 2 },
    ]);
    // (10 + 20 + 30 + 5 + 1) s over 5 timed views.
    expect(report.totals).toEqual({ pageViews: 7, avgTimeOnPageMs: 13_200 });
    expect(report.topPages[0]).toEqual({
      path: '/',
      pageViews: 3,
      exits: 1,
      exitRate: 1 / 3,
      avgTimeOnPageMs: 20_000,
    });
    expect(report.exitPages.map((p) => [p.path, p.exits])).toEqual([
      ['/merchandise', 2],
      ['/people', 2],
      ['/', 1],
    ]);
    expect(report.exitPages.find((p) => p.path === '/people')?.avgTimeOnPageMs).toBe(1_000);
  });

  it('fills days without data with zeros and refuses bad or too long ranges', async () => {
    const empty = await rest(analytics, 'GET', '/analytics-traffic/2024-02-28..2024-03-01');
    expect((empty.json as TrafficReport).days.map((d) => d.day)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect((await rest(analytics, 'GET', '/analytics-traffic/last-week')).status).toBe(400);
    expect((await rest(analytics, 'GET', '/analytics-traffic/2025-03-11..2025-03-10')).status).toBe(400);
    expect((await rest(analytics, 'GET', '/analytics-traffic/2025-02-30..2025-03-10')).status).toBe(400);
    expect((await rest(analytics, 'GET', '/analytics-page-views/2020-01-01..2025-01-01')).status).toBe(400);
    // Finding 5: ten thousand years is refused by its length, before any day is listed.
    const widest = await rest(analytics, 'GET', '/analytics-traffic/0000-01-01..9999-12-31');
    expect(widest.status).toBe(400);
    expect(widest.json).toMatchObject({ errors: { range: 'Show at most 366 days at a time.' } });
  });

  it('guards traffic with VIEW_ANALYTICS and page views with VIEW_PAGE_VIEWS as well', async () => {
    expect((await rest(visitor, 'GET', `/analytics-traffic/${range}`)).status).toBe(401);
    expect((await rest(support, 'GET', `/analytics-traffic/${range}`)).status).toBe(403);
    expect((await rest(support, 'GET', `/analytics-page-views/${range}`)).status).toBe(403);

    // A SUPPORT employee granted VIEW_ANALYTICS alone sees traffic but not page views.
    const supportId = await userId(t, STAFF_EMAIL.SUPPORT);
    await t.db
      .updateTable('staff_members')
      .set({ extra_permissions: ['VIEW_ANALYTICS'] })
      .where('user_id', '=', supportId)
      .execute();
    try {
      expect((await rest(support, 'GET', `/analytics-traffic/${range}`)).status).toBe(200);
      const refused = await rest(support, 'GET', `/analytics-page-views/${range}`);
      expect(refused.status).toBe(403);
      expect((refused.json as { message: string }).message).toMatch(/View Page Views/);
    } finally {
      await t.db
        .updateTable('staff_members')
        .set({ extra_permissions: [] })
        .where('user_id', '=', supportId)
        .execute();
    }
  });
});

describe('demo analytics in the seed', () => {
  it('seeds a month of sessions, page views, clicks and their rollups once', async () => {
    const count = async () => {
      const row = await t.db
        .selectFrom('analytics_sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('visitor_hash', 'like', `${DEMO_VISITOR_PREFIX}%`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    // About the demo seed itself: it is loaded whole here (the rest of the file builds its own rows),
    // then run again to show the demo analytics are written once.
    expect(await count()).toBe(0);
    await seedDatabase(t.db, { members: 0 });
    const sessions = await count();
    expect(sessions).toBeGreaterThan(100);
    await seedDatabase(t.db, { members: 0 });
    expect(await count()).toBe(sessions);

    const { data } = await heatmap(analytics, { url: '/' });
    expect(data?.totalClicks).toBeGreaterThan(20);
    expect((await heatmap(analytics, { url: '/about' })).data?.totalClicks).toBe(0);

    const report = await rest(analytics, 'GET', `/analytics-page-views/${rangeId(lastDays())}`);
    const pageViews = report.json as PageViewReport;
    expect(pageViews.days).toHaveLength(30);
    expect(pageViews.totals.pageViews).toBeGreaterThan(300);
    expect(pageViews.topPages[0]?.path).toBe('/');
  });
});
