/**
 * Acknowledged tracking events survive `kill -9` (`npm run bench -- kill-ingest`; needs DATABASE_URL
 * and `npm run build`, uses its own database).
 *
 * Starts the production server (`node --import tsx api/main.ts`, NODE_ENV=production,
 * SEED_DEMO_DATA=false) on a fresh PostgreSQL database, sends tracking.trackPageView and
 * tracking.trackClick from many concurrent clients (each its own analytics session and address),
 * and SIGKILLs the process in the middle of the burst; then starts it again for the next round.
 * Every 2xx answer is counted, and each acknowledged page view's id is kept. At the end it counts
 * the rows stored: every acknowledged page view id must be there, and per kind stored ≥
 * acknowledged (stored may be larger: an event committed just before the kill, whose answer never
 * left the process). Exits 1 when anything acknowledged is missing. Loopback only.
 *
 * KILL_ROUNDS (default 4) rounds, KILL_CLIENTS (default 64) clients, the kill 1.5–3 s into each burst.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from '../../db/client';
import { createTestDatabase } from '../factories/test-db';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3251);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.KILL_ROUNDS ?? 4);
const CLIENTS = Number(process.env.KILL_CLIENTS ?? 64);

class BenchError extends Error {}

interface Tally {
  views: number;
  clicks: number;
  refused: number;
  failed: number;
}

interface Client {
  address: string;
  cookie: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(databaseUrl: string): { server: ChildProcess; exited: Promise<unknown> } {
  const server = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      APP_URL: BASE,
      SEED_DEMO_DATA: 'false',
      // Each client is its own address, as behind a load balancer, so no address limit interferes.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
    },
  });
  const exited = new Promise((done) => server.once('exit', done));
  return { server, exited };
}

async function waitForHealth(server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new BenchError(`The server exited during start-up (${server.exitCode}).`);
    try {
      if ((await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new BenchError('The server did not answer /healthz within 120 s.');
}

const view = (n: number) =>
  JSON.stringify({ json: { url: `${BASE}/kill/${n}`, title: 'Kill test', utm: { source: 'kill' } } });
const click = (n: number) =>
  JSON.stringify({
    json: {
      url: `${BASE}/kill`,
      selector: `#button-${n % 7}`,
      x: n % 100,
      y: 1,
      windowWidth: 1280,
      windowHeight: 800,
      isNormalized: true,
    },
  });

/** Sends events one after another until the server is gone; counts what was answered 2xx. */
async function runClient(client: Client, stop: { killed: boolean }, tally: Tally, viewIds: string[]) {
  for (let n = 0; !stop.killed; n++) {
    const isView = n % 2 === 0;
    try {
      const res = await fetch(`${BASE}/api/doors/trpc/tracking.${isView ? 'trackPageView' : 'trackClick'}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: BASE,
          'x-forwarded-for': client.address,
          ...(client.cookie ? { cookie: client.cookie } : {}),
        },
        body: isView ? view(n) : click(n),
        signal: AbortSignal.timeout(15_000),
      });
      const set = res.headers.getSetCookie().find((c) => c.startsWith('hq_analytics='));
      if (set) client.cookie = set.split(';')[0]!;
      const body = (await res.json()) as { result?: { data: { json: { pageViewId?: string } } } };
      if (res.status >= 200 && res.status < 300) {
        if (isView) {
          const id = body.result?.data.json.pageViewId;
          if (!id) throw new BenchError('trackPageView answered 2xx without a page view id');
          viewIds.push(id);
          tally.views++;
        } else tally.clicks++;
      } else tally.refused++;
    } catch (error) {
      if (error instanceof BenchError) throw error;
      // The server is gone (or going): the answer never arrived, so nothing was acknowledged.
      tally.failed++;
      if (!stop.killed) await sleep(20);
    }
  }
}

async function stored(db: DbHandle['db']) {
  const count = async (table: 'analytics_clicks' | 'analytics_page_views') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { views: await count('analytics_page_views'), clicks: await count('analytics_clicks') };
}

async function missingViews(db: DbHandle['db'], ids: string[]): Promise<number> {
  let missing = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const found = await db.selectFrom('analytics_page_views').select('id').where('id', 'in', chunk).execute();
    missing += chunk.length - found.length;
  }
  return missing;
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new BenchError('The kill-ingest bench needs DATABASE_URL (PostgreSQL).');
  if (!existsSync(resolve(ROOT, 'dist/client/.vite/manifest.json')))
    throw new BenchError('No client build: run "npm run build" first.');
  const database = await createTestDatabase();
  if (!database.url) throw new BenchError('Expected a PostgreSQL test database.');
  let current: ChildProcess | undefined;
  try {
    const clients: Client[] = Array.from({ length: CLIENTS }, (_, k) => ({
      address: `10.88.${Math.floor(k / 256)}.${k % 256}`,
      cookie: null,
    }));
    const total: Tally = { views: 0, clicks: 0, refused: 0, failed: 0 };
    const viewIds: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const { server, exited } = startServer(database.url);
      current = server;
      await waitForHealth(server);
      const tally: Tally = { views: 0, clicks: 0, refused: 0, failed: 0 };
      const stop = { killed: false };
      const running = clients.map((c) => runClient(c, stop, tally, viewIds));
      const killAfter = 1_500 + Math.round(Math.random() * 1_500);
      await sleep(killAfter);
      server.kill('SIGKILL');
      stop.killed = true;
      await exited;
      await Promise.all(running);
      for (const key of ['views', 'clicks', 'refused', 'failed'] as const) total[key] += tally[key];
      console.log(
        `kill-ingest round ${round}: SIGKILL after ${killAfter} ms; acknowledged ${tally.views} page views + ${tally.clicks} clicks` +
          ` (${tally.refused} refused, ${tally.failed} unanswered at the kill)`,
      );
    }
    const rows = await stored(database.db);
    const missing = await missingViews(database.db, viewIds);
    const acked = total.views + total.clicks;
    const kept = rows.views + rows.clicks;
    console.log(
      [
        `kill-ingest (PostgreSQL, ${CLIENTS} clients, ${ROUNDS} rounds of kill -9):`,
        `  acknowledged: ${acked} (${total.views} page views, ${total.clicks} clicks)`,
        `  stored:       ${kept} (${rows.views} page views, ${rows.clicks} clicks); ${kept - acked} stored but never answered (in flight at a kill)`,
        `  acknowledged page views missing from the database: ${missing}`,
        `  stored ≥ acknowledged: ${rows.views >= total.views && rows.clicks >= total.clicks && missing === 0 ? 'yes' : 'NO'}`,
      ].join('\n'),
    );
    if (missing > 0 || rows.views < total.views || rows.clicks < total.clicks)
      throw new BenchError('Acknowledged events were lost.');
  } finally {
    if (current && current.exitCode === null) current.kill('SIGKILL');
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
