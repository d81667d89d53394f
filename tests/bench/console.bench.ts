/**
 * The back-office at campaign scale (`npm run bench -- console`; needs DATABASE_URL, PostgreSQL, and
 * `npm run build` first). Creates its own database next to the one DATABASE_URL names and loads:
 * - BENCH_MEMBERS (default 1,000,000) members from the realistic vocabulary (search-population.ts,
 *   the seed's bulk path with the name-token index rebuilt once), over the demo data;
 * - BENCH_ORDERS (default 1,000,000) orders and BENCH_PAGE_VIEWS (default 10,000,000) page views,
 *   generated in SQL (generate_series).
 * Then starts the production server on it, signs in as the demo super admin and times over HTTP,
 * BENCH_RUNS times each (default 15, after 2 unmeasured): every console list's first page, each
 * sortable column both ways, each filter, a page at row 500,000 (keyset cursor) and at row 10,000
 * (the deepest jump), the dashboard summary, Users Location and the analytics reports; then the
 * CSV export of all members (time, size, and the server's peak RSS). Prints p50/p95 per request.
 * The goal (docs/decisions/0036-console-lists-at-scale.md): lists under 100 ms p95, the export
 * under 30 s with flat memory. The database is dropped at the end, even on failure, unless
 * BENCH_KEEP is set; BENCH_DATABASE_URL times a kept one again without seeding.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { encodeCursor } from '../../api/doors/rest/lists/signed-cursors';
import { readPage } from '../../api/modules/lists/keyset';
import { filteredRows } from '../../api/modules/lists/list-rows';
import { memberListSpec } from '../../api/modules/people/member-list';
import { randomSecret } from '../../api/process/app-secret';
import { type Db, openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { ensureClientBuild, startServerProcess, waitForOk } from '../factories/server-process';
import { percentile, signIn } from './bench-server';
import { loadRealisticMembers, scratchDatabase } from './search-population';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const PAGE_VIEWS = Number(process.env.BENCH_PAGE_VIEWS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 2;
/** The deep page: row 500,000 of a million, the middle of a smaller population. */
const DEEP = Math.min(500_000, Math.floor(MEMBERS / 2));
const PORT = process.env.BENCH_PORT ?? '3251';
const SUPER_ADMIN = 'admin@demo.campaignhq.test';
/** The server's APP_SECRET, which signs keyset cursors: the deep page's cursor is built here. */
const SERVER_SECRET = randomSecret();

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server: this benchmark creates its own database there.');
  process.exit(1);
}

const n = (x: number) => x.toLocaleString('en-US');
const lines: string[] = [];
function row(label: string, times: number[], note = '') {
  const line = `${label.padEnd(58)} p50 ${percentile(times, 50).toFixed(1).padStart(8)} ms  p95 ${percentile(
    times,
    95,
  )
    .toFixed(1)
    .padStart(8)} ms  ${note}`;
  lines.push(line);
  console.log(line);
}

async function seed(db: Db) {
  let started = performance.now();
  console.log(`Seeding ${n(MEMBERS)} members…`);
  const loaded = await loadRealisticMembers(db, MEMBERS, console.log);
  console.log(`  members in ${loaded.seconds.toFixed(0)} s`);
  started = performance.now();
  // Some members blocked, some without a state: the lists' filters and NULL segments have rows.
  await sql`UPDATE users SET blocked_at = now() - (id % 900) * interval '1 hour', blocked_reason = 'bench'
    WHERE id % 97 = 0 AND NOT is_admin`.execute(db);
  await sql`INSERT INTO orders (number, email, user_id, status, subtotal_cents, discount_cents, shipping_cents,
      total_cents, shipping_option, address, payment_token, paid_at, created_at, updated_at)
    SELECT 'B' || lpad(g::text, 9, '0'), 'buyer' || g || '@example.org', NULL,
      (ARRAY['paid', 'fulfilled', 'pending_payment', 'refunded'])[1 + g % 4],
      1000 + g % 9000, 0, 500, 1500 + g % 9000, 'standard', '{}'::jsonb, 'tok_' || g,
      CASE WHEN g % 4 <> 2 THEN now() - g * interval '30 seconds' END,
      now() - g * interval '30 seconds', now() - g * interval '30 seconds'
    FROM generate_series(1, ${ORDERS}) g`.execute(db);
  console.log(`  ${n(ORDERS)} orders in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  started = performance.now();
  const sessions = Math.max(1, Math.floor(PAGE_VIEWS / 4));
  await sql`INSERT INTO analytics_sessions (id, visitor_hash, started_at, last_seen_at)
    SELECT md5('s' || i)::uuid, 'v' || (i % (${sessions} / 2 + 1)), now() - (random() * 90 * interval '1 day'), now()
    FROM generate_series(1, ${sessions}) i`.execute(db);
  await sql`INSERT INTO analytics_page_views (id, session_id, path, url, started_at, duration_ms, is_exit)
    SELECT md5('p' || i)::uuid, md5('s' || (1 + i % ${sessions}))::uuid, '/page-' || (i % 400), '/page-' || (i % 400),
      now() - (random() * 90 * interval '1 day'), (random() * 120000)::int, i % 4 = 0
    FROM generate_series(1, ${PAGE_VIEWS}) i`.execute(db);
  console.log(`  ${n(PAGE_VIEWS)} page views in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  await sql`VACUUM ANALYZE`.execute(db);
}

/** The cursor of the row at `offset` in a members list's order: what paging down there would hold. */
async function cursorAt(db: Db, sort: [string, 'ASC' | 'DESC'], offset: number) {
  const spec = memberListSpec('all-users');
  const base = await filteredRows(db, spec, {});
  const page = await readPage(
    db,
    base,
    { column: sort[0], idColumn: 'id', direction: sort[1] },
    { limit: 1, offset },
  );
  return encodeCursor(page.last!, { secret: SERVER_SECRET, resource: spec.resource, column: sort[0] });
}

/**
 * BENCH_KEEP=1 keeps the seeded database (its URL is printed); BENCH_DATABASE_URL=<that URL> times
 * it again without seeding (the load takes a quarter of an hour at a million members).
 */
const reused = process.env.BENCH_DATABASE_URL;
const scratch = reused ? { url: reused, drop: async () => {} } : await scratchDatabase(baseUrl);
const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused', maxConnections: 4 });
let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
try {
  await migrateToLatest(handle.db);
  if (!reused) await seed(handle.db);
  if (process.env.BENCH_KEEP) console.log(`Keeping the database: BENCH_DATABASE_URL=${scratch.url}`);
  const deep = {
    created: await cursorAt(handle.db, ['created_at', 'DESC'], DEEP - 1),
    name: await cursorAt(handle.db, ['name', 'ASC'], DEEP - 1),
  };
  const someone = await handle.db
    .selectFrom('users')
    .select(['email', 'last_name'])
    .where('kind', '=', 'individual')
    .where('last_name', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

  ensureClientBuild();
  server = await startServerProcess('api/main.ts', {
    DATABASE_URL: scratch.url,
    PORT,
    APP_SECRET: SERVER_SECRET,
  });
  await waitForOk(`${server.baseUrl}/healthz`, 180_000);
  const base = server.baseUrl;
  const cookie = await signIn(base, SUPER_ADMIN);

  async function get(
    path: string,
  ): Promise<{ ms: number; status: number; range: string | null; estimated: string | null }> {
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/rest${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return {
      ms,
      status: res.status,
      range: res.headers.get('content-range'),
      estimated: res.headers.get('x-total-estimated'),
    };
  }
  async function time(label: string, path: string) {
    for (let i = 0; i < WARMUP; i++) await get(path);
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof get>> | undefined;
    for (let i = 0; i < RUNS; i++) {
      last = await get(path);
      times.push(last.ms);
    }
    const total = last?.range?.split('/')[1];
    row(label, times, total ? `total ${last?.estimated === 'true' ? '~' : ''}${total}` : '');
  }
  const list = (
    resource: string,
    q: { sort?: [string, string]; range?: [number, number]; filter?: object } = {},
    extra = '',
  ) => {
    const p = new URLSearchParams();
    if (q.sort) p.set('sort', JSON.stringify(q.sort));
    p.set('range', JSON.stringify(q.range ?? [0, 24]));
    if (q.filter) p.set('filter', JSON.stringify(q.filter));
    return `/${resource}?${p}${extra}`;
  };

  console.log(
    `\nRequests over HTTP as the super admin, ${RUNS} runs each (machine shared: absolute numbers are noisy)`,
  );
  await time('all-users first page (created_at DESC)', list('all-users'));
  await time(
    `all-users page at row ${n(DEEP)} (cursor, created_at DESC)`,
    list('all-users', { range: [DEEP, DEEP + 24] }, `&after=${deep.created}`),
  );
  await time(
    `all-users page at row ${n(DEEP)} (cursor, name ASC)`,
    list('all-users', { sort: ['name', 'ASC'], range: [DEEP, DEEP + 24] }, `&after=${deep.name}`),
  );
  await time(
    'all-users jump to row 10,000 (OFFSET, the deepest allowed)',
    list('all-users', { range: [10_000, 10_024] }),
  );
  for (const field of memberListSpec('all-users').sortable) {
    for (const dir of ['ASC', 'DESC'])
      await time(`all-users sorted by ${field} ${dir}`, list('all-users', { sort: [field, dir] }));
  }
  await time('all-users q=smith', list('all-users', { filter: { q: 'smith' } }));
  await time(
    `all-users q=${someone.last_name} (a member's last name)`,
    list('all-users', { filter: { q: someone.last_name } }),
  );
  await time('all-users q=<exact email>', list('all-users', { filter: { q: someone.email } }));
  await time('all-users q=maria garcia', list('all-users', { filter: { q: 'maria garcia' } }));
  await time('all-users state=TX', list('all-users', { filter: { state: 'TX' } }));
  await time(
    'all-users state=TX sorted by name',
    list('all-users', { filter: { state: 'TX' }, sort: ['name', 'ASC'] }),
  );
  await time('all-users q=smith & state=TX', list('all-users', { filter: { q: 'smith', state: 'TX' } }));
  await time('all-users role=candidate', list('all-users', { filter: { role: 'candidate' } }));
  await time('all-users role=organization', list('all-users', { filter: { role: 'organization' } }));
  await time('all-users blocked=true', list('all-users', { filter: { blocked: true } }));
  await time('free-users first page', list('free-users'));
  await time('free-users sorted by name', list('free-users', { sort: ['name', 'ASC'] }));
  await time('paid-users first page', list('paid-users', { sort: ['since', 'DESC'] }));
  await time('organizations sorted by name', list('organizations', { sort: ['name', 'ASC'] }));
  await time('orders first page', list('orders'));
  for (const field of ['number', 'status', 'total_cents', 'paid_at', 'updated_at']) {
    await time(`orders sorted by ${field} DESC`, list('orders', { sort: [field, 'DESC'] }));
  }
  await time('orders status=refunded', list('orders', { filter: { status: 'refunded' } }));
  await time('orders q=<an order number fragment>', list('orders', { filter: { q: '00042' } }));
  await time('orders q=<an email fragment>', list('orders', { filter: { q: 'buyer42@' } }));
  await time('audit-logs first page', list('audit-logs'));
  await time('dashboard summary', '/dashboard/summary');
  await time('Users Location', list('user-locations', { sort: ['members', 'DESC'], range: [0, 99] }));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const month = `${day(new Date(Date.now() - 29 * 86_400_000))}..${day(new Date())}`;
  await time('analytics traffic report, 30 days', `/analytics-traffic/${month}`);
  await time('analytics page-view report, 30 days', `/analytics-page-views/${month}`);

  // The export: the whole list, the screen's default sort, timed to the last byte; the server's
  // resident memory sampled meanwhile (its peak against its size before).
  const pid = server.child.pid!;
  const rss = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 100);
  const started = performance.now();
  const res = await fetch(`${base}/api/admin/rest${list('all-users')}&format=csv`, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const summary = `CSV export of all-users: ${n(Number(res.headers.get('x-export-rows')))} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`;
  lines.push(summary);
  console.log(summary);

  console.log('\nSummary');
  for (const line of lines) console.log(line);
} finally {
  await server?.stop();
  await handle.close();
  if (!process.env.BENCH_KEEP) await scratch.drop();
}
