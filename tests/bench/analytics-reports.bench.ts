/**
 * Analytics reporting benchmark (`tsx tests/bench/analytics-reports.bench.ts`; needs
 * DATABASE_URL, PostgreSQL). Creates its own database next to the one DATABASE_URL names,
 * generates raw analytics over 90 days (BENCH_PAGE_VIEWS page views, default 2,000,000, with a
 * session per 4 views and a click per 2 views, half of them on /), then measures:
 * - rebuilding the daily rollups of all 90 days, and the maintenance job's two-day rollup;
 * - the analytics screen's two reports (traffic, page views) for 30 and 366 days, p50/p95;
 * - analytics.heatmapData for / over its default 30 days, p50/p95.
 * The database is dropped at the end, even on failure.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import postgres from 'postgres';
import { lastDays } from '../../api/contract/day-ranges';
import { heatmapData } from '../../api/modules/analytics/reports/heatmap';
import { pageViewReport, trafficReport } from '../../api/modules/analytics/reports/report';
import { rebuildRollups, rollupRecentDays } from '../../api/modules/analytics/reports/rollup';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';

const PAGE_VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 2_000_000);
const DAYS = 90;
const RUNS = 30;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server: this benchmark creates its own database there.');
  process.exit(1);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timed<T>(label: string, run: () => Promise<T>, runs = RUNS) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95)
      .toFixed(1)
      .padStart(7)} ms`,
  );
}

const name = `bench_analytics_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', maxConnections: 4 });
try {
  const db = handle.db;
  await migrateToLatest(db);
  const sessions = Math.ceil(PAGE_VIEWS / 4);
  const clicks = Math.ceil(PAGE_VIEWS / 2);
  let started = performance.now();
  await sql`
    INSERT INTO analytics_sessions (id, visitor_hash, referrer, utm_source, utm_medium, utm_campaign, started_at, last_seen_at)
    SELECT md5('s' || i)::uuid, 'v' || (i % (${sessions} / 2)),
           (ARRAY[NULL, 'https://www.google.com/', 'https://duckduckgo.com/', 'https://news.example.org/a'])[1 + i % 4],
           CASE WHEN i % 5 = 0 THEN 'newsletter' END, CASE WHEN i % 5 = 0 THEN 'email' END,
           CASE WHEN i % 5 = 0 THEN 'campaign-' || (i % 7) END,
           now() - (random() * ${DAYS} * interval '1 day'), now()
    FROM generate_series(1, ${sessions}) i`.execute(db);
  await sql`
    INSERT INTO analytics_page_views (id, session_id, path, url, started_at, duration_ms, is_exit)
    SELECT md5('p' || i)::uuid, md5('s' || (1 + i % ${sessions}))::uuid,
           '/page-' || (i % 400), '/page-' || (i % 400),
           now() - (random() * ${DAYS} * interval '1 day'),
           CASE WHEN i % 7 = 0 THEN NULL ELSE (random() * 120000)::int END, i % 4 = 0
    FROM generate_series(1, ${PAGE_VIEWS}) i`.execute(db);
  await sql`
    INSERT INTO analytics_clicks (session_id, path, selector, x, y, window_width, window_height, is_normalized, created_at)
    SELECT md5('s' || (1 + i % ${sessions}))::uuid, CASE WHEN i % 2 = 0 THEN '/' ELSE '/page-' || (i % 400) END,
           'a.link-' || (i % 40), round((random() * 100)::numeric, 1), round((random() * 100)::numeric, 1),
           1280, 800, true, now() - (random() * ${DAYS} * interval '1 day')
    FROM generate_series(1, ${clicks}) i`.execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(
    `Generated ${sessions} sessions, ${PAGE_VIEWS} page views, ${clicks} clicks over ${DAYS} days in ${Math.round(performance.now() - started)} ms`,
  );

  started = performance.now();
  const today = lastDays(1).to;
  await rebuildRollups(db, lastDays(DAYS + 1).from, today);
  console.log(`Rebuilt ${DAYS + 1} days of rollups in ${Math.round(performance.now() - started)} ms`);
  await timed('maintenance rollup (today + yesterday)', () => rollupRecentDays(db), 5);

  const month = lastDays(30);
  const year = lastDays(366);
  await timed('traffic report, 30 days', () => trafficReport(db, month));
  await timed('page-view report, 30 days', () => pageViewReport(db, month));
  await timed('traffic report, 366 days', () => trafficReport(db, year));
  await timed('page-view report, 366 days', () => pageViewReport(db, year));
  const sample = await heatmapData(db, { url: '/' });
  console.log(
    `heatmapData('/'): ${sample.totalClicks} clicks in 30 days, ${sample.heatmapPoints.length} points`,
  );
  await timed("heatmapData('/'), 30 days", () => heatmapData(db, { url: '/' }), 10);
  await timed("heatmapData('/page-7'), 30 days", () => heatmapData(db, { url: '/page-7' }), 10);
} finally {
  await handle.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
