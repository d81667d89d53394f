/**
 * Analytics reporting benchmark (`npm run bench -- analytics-reports [--views 10000000]
 * [--paths 400] [--days 90]`; needs DATABASE_URL, PostgreSQL; docs/decisions/0010 and 0037).
 * Creates its own database next to the one DATABASE_URL names and generates raw analytics over
 * `--days` days (`--views` page views, default BENCH_PAGE_VIEWS or 2,000,000, on `--paths`
 * distinct paths, with a session per 4 views and a click per 2 views, half of them on /), in time
 * order as the ingest appends them, with bulk INSERT ... SELECT generate_series while the raw
 * tables' indexes are dropped (rebuilt after the load). Then it measures:
 * - rebuilding the daily rollups of every day, and the maintenance job's two-day rollup;
 * - the analytics screen's two reports (traffic, page views) for 30 and 366 days, p50/p95, and
 *   checks their totals against count(*) over the raw rows;
 * - for comparison, what reading today's raw page views (instead of today's rollup) would add;
 * - analytics.heatmapData for / and one other path over its default 30 days, p50/p95.
 * The database is dropped at the end, even on failure.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import postgres from 'postgres';
import { dayStart, lastDays } from '../../api/contract/day-ranges';
import { heatmapData } from '../../api/modules/analytics/reports/heatmap';
import { pageViewReport, trafficReport } from '../../api/modules/analytics/reports/report';
import { rebuildRollups, rollupRecentDays } from '../../api/modules/analytics/reports/rollup';
import { type Db, openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAGE_VIEWS = arg('views', Number(process.env.BENCH_PAGE_VIEWS ?? 2_000_000));
const PATHS = arg('paths', 400);
const DAYS = arg('days', 90);
const RUNS = 30;
/** Rows per INSERT statement while seeding (progress is printed after each). */
const CHUNK = 1_000_000;

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
    `${label.padEnd(48)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95)
      .toFixed(1)
      .padStart(7)} ms`,
  );
}

const RAW_TABLES = ['analytics_sessions', 'analytics_page_views', 'analytics_clicks'];

/** Drops the raw tables' indexes (primary keys included) and returns what rebuilds them. */
async function dropRawIndexes(db: Db): Promise<string[]> {
  const keys = await sql<{ table: string; name: string; def: string }>`
    SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def
    FROM pg_constraint WHERE contype = 'p' AND conrelid::regclass::text IN (${sql.join(RAW_TABLES)})`.execute(
    db,
  );
  const indexes = await sql<{ name: string; def: string }>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE tablename IN (${sql.join(RAW_TABLES)}) AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(
    db,
  );
  for (const i of indexes.rows) await sql.raw(`DROP INDEX ${i.name}`).execute(db);
  for (const k of keys.rows) await sql.raw(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`).execute(db);
  return [
    ...keys.rows.map((k) => `ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.def}`),
    ...indexes.rows.map((i) => i.def),
  ];
}

/** INSERT ... SELECT over generate_series(1, total) in chunks; `insert(first, last)` writes one. */
async function inChunks(
  label: string,
  total: number,
  insert: (first: number, last: number) => Promise<unknown>,
) {
  const started = performance.now();
  for (let first = 1; first <= total; first += CHUNK) {
    await insert(first, Math.min(total, first + CHUNK - 1));
  }
  console.log(
    `  ${label}: ${total.toLocaleString('en-US')} rows in ${Math.round(performance.now() - started)} ms`,
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
  // Row i of n happens at now - DAYS * (1 - i/n) (time order, as appended by the ingest), plus
  // up to a minute of jitter; the epoch is fixed once so every chunk agrees.
  const epoch = new Date();
  const at = (i: string, n: number) =>
    sql.raw(`('${epoch.toISOString()}'::timestamptz - (${DAYS} * (1 - ${i}::float8 / ${n})) * interval '1 day'
      - random() * interval '1 minute')`);
  let started = performance.now();
  console.log(
    `Generating ${PAGE_VIEWS.toLocaleString('en-US')} page views on ${PATHS} paths over ${DAYS} days...`,
  );
  const rebuild = await dropRawIndexes(db);
  await inChunks('sessions', sessions, (first, last) =>
    sql`
      INSERT INTO analytics_sessions (id, visitor_hash, referrer, utm_source, utm_medium, utm_campaign, started_at, last_seen_at)
      SELECT md5('s' || i)::uuid, 'v' || (i % (${sessions} / 2)),
             (ARRAY[NULL, 'https://www.google.com/', 'https://duckduckgo.com/', 'https://news.example.org/a'])[1 + i % 4],
             CASE WHEN i % 5 = 0 THEN 'newsletter' END, CASE WHEN i % 5 = 0 THEN 'email' END,
             CASE WHEN i % 5 = 0 THEN 'campaign-' || (i % 7) END,
             ${at('i', sessions)}, now()
      FROM generate_series(${first}::int, ${last}::int) i`.execute(db),
  );
  // A page view's session is the one started nearest to it (i / 4).
  await inChunks('page views', PAGE_VIEWS, (first, last) =>
    sql`
      INSERT INTO analytics_page_views (id, session_id, path, url, started_at, duration_ms, is_exit)
      SELECT md5('p' || i)::uuid, md5('s' || (1 + (i - 1) / 4))::uuid,
             '/page-' || (i % ${PATHS}), '/page-' || (i % ${PATHS}),
             ${at('i', PAGE_VIEWS)},
             CASE WHEN i % 7 = 0 THEN NULL ELSE (random() * 120000)::int END, i % 4 = 0
      FROM generate_series(${first}::int, ${last}::int) i`.execute(db),
  );
  await inChunks('clicks', clicks, (first, last) =>
    sql`
      INSERT INTO analytics_clicks (session_id, path, selector, x, y, window_width, window_height, is_normalized, created_at)
      SELECT md5('s' || (1 + (i - 1) / 2))::uuid, CASE WHEN i % 2 = 0 THEN '/' ELSE '/page-' || (i % ${PATHS}) END,
             'a.link-' || (i % 40), round((random() * 100)::numeric, 1), round((random() * 100)::numeric, 1),
             1280, 800, true, ${at('i', clicks)}
      FROM generate_series(${first}::int, ${last}::int) i`.execute(db),
  );
  const indexed = performance.now();
  for (const statement of rebuild) await sql.raw(statement).execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(`  indexes rebuilt and analyzed in ${Math.round(performance.now() - indexed)} ms`);
  console.log(
    `Seeded ${sessions.toLocaleString('en-US')} sessions, ${PAGE_VIEWS.toLocaleString('en-US')} page views, ${clicks.toLocaleString('en-US')} clicks in ${Math.round(performance.now() - started)} ms`,
  );

  started = performance.now();
  const today = lastDays(1).to;
  await rebuildRollups(db, lastDays(DAYS + 2).from, today);
  console.log(`Rebuilt ${DAYS + 2} days of rollups in ${Math.round(performance.now() - started)} ms`);
  await timed('maintenance rollup (today + yesterday)', () => rollupRecentDays(db), 5);

  const month = lastDays(30);
  const year = lastDays(366);
  await timed('traffic report, 30 days', () => trafficReport(db, month));
  await timed('page-view report, 30 days', () => pageViewReport(db, month));
  await timed('traffic report, 366 days', () => trafficReport(db, year));
  await timed('page-view report, 366 days', () => pageViewReport(db, year));

  // The reports read rollups only; their totals must be the raw rows' count.
  const raw = await sql<{ views: number; sessions: number }>`
    SELECT (SELECT count(*) FROM analytics_page_views WHERE started_at >= ${dayStart(year.from)})::int AS views,
           (SELECT count(*) FROM analytics_sessions WHERE started_at >= ${dayStart(year.from)})::int AS sessions`.execute(
    db,
  );
  const [views, traffic] = await Promise.all([pageViewReport(db, year), trafficReport(db, year)]);
  const same =
    views.totals.pageViews === raw.rows[0]!.views && traffic.totals.sessions === raw.rows[0]!.sessions;
  console.log(
    `366-day totals from rollups: ${views.totals.pageViews} page views, ${traffic.totals.sessions} sessions; count(*): ${raw.rows[0]!.views}, ${raw.rows[0]!.sessions} ${same ? '(equal)' : '(DIFFERENT)'}`,
  );
  if (!same) process.exitCode = 1;
  await timed("for comparison: today's top pages from raw rows", () =>
    sql`SELECT path, count(*), count(*) FILTER (WHERE is_exit), sum(duration_ms), count(duration_ms)
        FROM analytics_page_views WHERE started_at >= ${dayStart(today)} GROUP BY path`.execute(db),
  );
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
