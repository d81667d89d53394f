import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../../api/contract/day-ranges';
import { HEATMAP_MAX_POINTS, heatmapData } from '../../../api/modules/analytics/reports/heatmap';
import { rollupDays } from '../../../api/modules/analytics/reports/rollup';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { heatmap } from '../../factories/heatmap';
import { STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * analytics.heatmapData (docs/decisions/0010-analytics-reports.md): permission, window, URL normalization and aggregation. Clicks
 * are inserted as the ingest side stores them (path = pathname; event time; x/y as sent).
 */
let t: TestApp;
let analytics: TestBrowser;
let support: TestBrowser;
let visitor: TestBrowser;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'analytics', 'support', 'member');
  analytics = await signedIn(t, STAFF_EMAIL.ANALYTICS);
  support = await signedIn(t, STAFF_EMAIL.SUPPORT);
  visitor = new TestBrowser(t);
});
afterAll(() => t?.close());

interface Click {
  path: string;
  x: number | null;
  y: number | null;
  at: Date;
  selector?: string;
  normalized?: boolean;
  width?: number;
  anchor?: [number, number];
}

async function insertClicks(clicks: Click[]) {
  const session = randomUUID();
  await t.db
    .insertInto('analytics_clicks')
    .values(
      clicks.map((c) => ({
        session_id: session,
        user_id: null,
        path: c.path,
        selector: c.selector ?? 'button.cta',
        label: null,
        x: c.x,
        y: c.y,
        window_width: c.width ?? 1280,
        window_height: 800,
        is_normalized: c.normalized ?? true,
        anchor_x: c.anchor?.[0] ?? null,
        anchor_y: c.anchor?.[1] ?? null,
        created_at: c.at,
      })),
    )
    .execute();
  // As the maintenance job does: days before yesterday are read from the daily click rollup.
  await rollupDays(t.db, [...new Set(clicks.map((c) => utcDay(c.at)))]);
}

describe('analytics.heatmapData', () => {
  it('answers UNAUTHORIZED to visitors and FORBIDDEN to staff without the heatmap permission', async () => {
    expect((await heatmap(visitor, { url: '/' })).status).toBe(401);
    expect((await heatmap(support, { url: '/' })).status).toBe(403);
    const member = await signedIn(t, 'member@demo.campaignhq.test', DEMO_PASSWORD);
    expect((await heatmap(member, { url: '/' })).status).toBe(403);
    expect((await heatmap(analytics, { url: '/' })).status).toBe(200);
  });

  it('reads the last 30 days by default: recent clicks in, older ones out', async () => {
    const now = Date.now();
    await insertClicks([
      { path: '/hm-window', x: 10, y: 20, at: new Date(now - 60_000) },
      { path: '/hm-window', x: 30, y: 40, at: new Date(now - 29 * DAY_MS) },
      { path: '/hm-window', x: 50, y: 60, at: new Date(now - 31 * DAY_MS) },
      { path: '/hm-window', x: 70, y: 80, at: new Date(now - 90 * DAY_MS) },
      { path: '/hm-other', x: 10, y: 20, at: new Date(now - 60_000) },
    ]);
    const { data } = await heatmap(analytics, { url: '/hm-window' });
    expect(data?.url).toBe('/hm-window');
    expect(data?.totalClicks).toBe(2);
    expect(data?.heatmapPoints.map((p) => [p.x, p.y]).sort()).toEqual([
      [10, 20],
      [30, 40],
    ]);
  });

  it('honours an explicit from and to', async () => {
    const now = Date.now();
    const { data } = await heatmap(analytics, {
      url: '/hm-window',
      from: new Date(now - 100 * DAY_MS).toISOString(),
      to: new Date(now - 30 * DAY_MS).toISOString(),
    });
    expect(data?.totalClicks).toBe(2);
    expect(data?.heatmapPoints.map((p) => [p.x, p.y]).sort()).toEqual([
      [50, 60],
      [70, 80],
    ]);
    const reversed = await heatmap(analytics, {
      url: '/hm-window',
      from: new Date(now).toISOString(),
      to: new Date(now - DAY_MS).toISOString(),
    });
    expect(reversed.status).toBe(400);
  });

  it('normalizes a full URL to its path', async () => {
    const { data } = await heatmap(analytics, { url: 'http://localhost:3000/hm-window?utm_source=x#top' });
    expect(data?.url).toBe('/hm-window');
    expect(data?.totalClicks).toBe(2);
  });

  it('groups identical rounded positions of one element into a point valued by its count', async () => {
    const base = Date.now() - 3_600_000;
    const latest = new Date(base + 5000);
    await insertClicks([
      { path: '/hm-agg', x: 12.34, y: 56.71, at: new Date(base) },
      { path: '/hm-agg', x: 12.31, y: 56.74, at: latest, width: 1440 },
      { path: '/hm-agg', x: 12.3, y: 56.7, at: new Date(base + 1000) },
      // Same place, another element: its own point.
      { path: '/hm-agg', x: 12.3, y: 56.7, at: new Date(base), selector: 'a.nav' },
      // Pixels round to whole pixels.
      { path: '/hm-agg', x: 100.2, y: 200.4, at: new Date(base), normalized: false },
      { path: '/hm-agg', x: 99.8, y: 199.6, at: new Date(base), normalized: false },
      // No position: counted, not drawn.
      { path: '/hm-agg', x: null, y: null, at: new Date(base) },
    ]);
    const { data } = await heatmap(analytics, { url: '/hm-agg' });
    expect(data?.totalClicks).toBe(7);
    const points = data!.heatmapPoints;
    expect(points).toHaveLength(3);
    expect(points[0]).toEqual({
      x: 12.3,
      y: 56.7,
      value: 3,
      isNormalized: true,
      selector: 'button.cta',
      timestamp: latest.toISOString(),
      windowWidth: 1440,
      windowHeight: 800,
      band: 'wide',
      anchorX: null,
      anchorY: null,
    });
    expect(points).toContainEqual(
      expect.objectContaining({ x: 100, y: 200, value: 2, isNormalized: false, selector: 'button.cta' }),
    );
    expect(points).toContainEqual(expect.objectContaining({ x: 12.3, y: 56.7, value: 1, selector: 'a.nav' }));
  });

  it(`returns at most ${HEATMAP_MAX_POINTS} points, the heaviest`, async () => {
    const at = new Date(Date.now() - 60_000);
    const clicks: Click[] = [];
    for (let i = 0; i < HEATMAP_MAX_POINTS + 50; i++)
      clicks.push({ path: '/hm-cap', x: i, y: 1, at, normalized: false });
    clicks.push({ path: '/hm-cap', x: 0, y: 1, at, normalized: false });
    for (let i = 0; i < clicks.length; i += 1000) await insertClicks(clicks.slice(i, i + 1000));
    const { data } = await heatmap(analytics, { url: '/hm-cap' });
    expect(data?.totalClicks).toBe(HEATMAP_MAX_POINTS + 51);
    expect(data?.heatmapPoints).toHaveLength(HEATMAP_MAX_POINTS);
    expect(data?.heatmapPoints[0]).toMatchObject({ x: 0, value: 2 });
  });

  it('files each click under its width band, draws one band when asked and counts every band', async () => {
    const at = new Date(Date.now() - 60_000);
    await insertClicks([
      { path: '/hm-bands', x: 10, y: 10, at, width: 375 },
      { path: '/hm-bands', x: 10, y: 10, at, width: 767 },
      { path: '/hm-bands', x: 20, y: 20, at, width: 768 },
      { path: '/hm-bands', x: 30, y: 30, at, width: 1279 },
      { path: '/hm-bands', x: 40, y: 40, at, width: 1280 },
      { path: '/hm-bands', x: 40, y: 40, at, width: 1920 },
      { path: '/hm-bands', x: 40, y: 40, at, width: 2560 },
    ]);
    const narrow = (await heatmap(analytics, { url: '/hm-bands', band: 'narrow' })).data!;
    expect(narrow.band).toBe('narrow');
    expect(narrow.totalClicks).toBe(2);
    expect(narrow.heatmapPoints).toEqual([
      expect.objectContaining({ x: 10, y: 10, value: 2, band: 'narrow' }),
    ]);
    expect(narrow.bandClicks).toEqual({ narrow: 2, medium: 2, wide: 3 });

    const wide = (await heatmap(analytics, { url: '/hm-bands', band: 'wide' })).data!;
    expect(wide.totalClicks).toBe(3);
    expect(wide.heatmapPoints.map((p) => [p.x, p.value, p.band])).toEqual([[40, 3, 'wide']]);

    const all = (await heatmap(analytics, { url: '/hm-bands' })).data!;
    expect(all.band).toBeNull();
    expect(all.totalClicks).toBe(7);

    expect((await heatmap(analytics, { url: '/hm-bands', band: 'huge' })).status).toBe(400);
  });

  it('keeps where in the element each click landed, to a tenth of its box, with its mean page position', async () => {
    const at = new Date(Date.now() - 60_000);
    await insertClicks([
      { path: '/hm-anchor', x: 50, y: 10, at, selector: '#donate', anchor: [0.26, 0.5] },
      { path: '/hm-anchor', x: 51, y: 11, at, selector: '#donate', anchor: [0.34, 0.54] },
      { path: '/hm-anchor', x: 50, y: 10, at, selector: '#donate', anchor: [0.9, 0.1] },
      { path: '/hm-anchor', x: 50, y: 10, at, selector: '#donate' },
    ]);
    const { data } = await heatmap(analytics, { url: '/hm-anchor' });
    const anchors = data!.heatmapPoints.map((p) => [p.anchorX, p.anchorY, p.value, p.x, p.y]);
    expect(anchors).toHaveLength(3);
    expect(anchors).toEqual(
      expect.arrayContaining([
        [0.3, 0.5, 2, 50.5, 10.5],
        [0.9, 0.1, 1, 50, 10],
        [null, null, 1, 50, 10],
      ]),
    );
  });

  it('draws the same points from the daily click rollup as from the raw clicks', async () => {
    const session = randomUUID();
    const now = new Date();
    const rows = Array.from({ length: 400 }, (_, i) => ({
      session_id: session,
      user_id: null,
      path: '/hm-rollup',
      selector: `#el-${i % 7}`,
      label: null,
      x: i % 11 === 0 ? null : ((i * 37) % 1000) / 10,
      y: ((i * 53) % 1000) / 10,
      window_width: [375, 900, 1440][i % 3]!,
      window_height: 800,
      is_normalized: i % 13 !== 0,
      anchor_x: i % 5 === 0 ? null : ((i * 7) % 100) / 100,
      anchor_y: i % 5 === 0 ? null : ((i * 3) % 100) / 100,
      // Spread over the 12 days before yesterday, at any hour.
      created_at: new Date(now.getTime() - (2 + (i % 12)) * DAY_MS - ((i * 7919) % DAY_MS)),
    }));
    await t.db.insertInto('analytics_clicks').values(rows).execute();
    const query = { url: '/hm-rollup', from: new Date(now.getTime() - 20 * DAY_MS), to: now };
    const sorted = (d: Awaited<ReturnType<typeof heatmapData>>) => ({
      ...d,
      heatmapPoints: [...d.heatmapPoints].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    });
    // Read as if it were the window's first day: nothing is settled, every click is read raw.
    const raw = sorted(await heatmapData(t.db, query, query.from));
    await rollupDays(t.db, [...new Set(rows.map((r) => utcDay(r.created_at)))]);
    const rolled = sorted(await heatmapData(t.db, query, now));
    expect(rolled).toEqual(raw);
    expect(raw.totalClicks).toBe(400);
    expect(
      await t.db
        .selectFrom('analytics_daily_click_cells')
        .where('path', '=', '/hm-rollup')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirst(),
    ).not.toEqual({ n: 0 });
  });
});
