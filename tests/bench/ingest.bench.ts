/**
 * Tracking ingest throughput (`npm run bench -- ingest`; needs DATABASE_URL and `npm run build`, uses
 * its own database).
 *
 * Starts the production server (`api/main.ts`) on a fresh PostgreSQL database, as if behind a load
 * balancer (TRUST_PROXY, 500 client addresses), with 2,000 analytics sessions started beforehand.
 * autocannon then sends tracking.trackClick and tracking.trackPageView through tRPC from 100
 * concurrent connections, each request in the next session, for a fixed number of requests sized to
 * last about 10 s. Events are answered once stored (group commit, docs/decisions/0013-ingest-group-commit.md), so the rows
 * stored when the load ends must already equal the events acknowledged (2xx); the server is then
 * stopped normally (SIGTERM) and counted again. Prints events/s accepted and stored.
 * (Acknowledged events surviving kill -9: tests/bench/kill-ingest.bench.ts.)
 *
 * Goal: ≥ 3,000 events/s accepted. Missing the goal is reported; the process fails only when
 * something breaks or the stored count differs from the acknowledged count. Loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type RequestSpec, type Result } from 'autocannon';
import type { DbHandle } from '../../db/client';
import { createTestDatabase } from '../factories/test-db';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3250);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 100;
const SESSIONS = 2_000;
const ADDRESSES = 500;
const WARMUP_REQUESTS = 5_000;
const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GOAL = 3_000;

class BenchError extends Error {}

const addressOf = (k: number) => `10.77.${Math.floor((k % ADDRESSES) / 256)}.${(k % ADDRESSES) % 256}`;

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
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new BenchError('The server did not answer /healthz within 120 s.');
}

/** Starts SESSIONS analytics sessions the way browsers do and returns their cookies. */
async function startSessions(): Promise<{ cookie: string; address: string }[]> {
  const sessions: { cookie: string; address: string }[] = [];
  for (let k = 0; k < SESSIONS; k += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, SESSIONS - k) }, async (_, i) => {
        const address = addressOf(k + i);
        const res = await fetch(`${BASE}/api/doors/trpc/tracking.getOrStartSession`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: BASE, 'x-forwarded-for': address },
          body: JSON.stringify({ json: { referrer: 'https://bench.example/', utm: { source: 'bench' } } }),
        });
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hq_analytics='));
        if (res.status !== 200 || !cookie) throw new BenchError(`getOrStartSession answered ${res.status}`);
        return { cookie: cookie.split(';')[0]!, address };
      }),
    );
    sessions.push(...batch);
  }
  return sessions;
}

function requests(sessions: { cookie: string; address: string }[]): RequestSpec[] {
  let next = 0;
  // Each request goes out as the next session, from that session's address.
  const asNextSession = (request: RequestSpec): RequestSpec => {
    const s = sessions[next++ % sessions.length]!;
    return { ...request, headers: { ...request.headers, cookie: s.cookie, 'x-forwarded-for': s.address } };
  };
  // What a browser sends with a tracking call (Accept-Encoding included: answers must not be gzipped).
  const headers = {
    'content-type': 'application/json',
    origin: BASE,
    'accept-encoding': 'gzip, deflate, br',
  };
  const click = JSON.stringify({
    json: {
      url: `${BASE}/merchandise?sort=price`,
      selector: '#main > section > button:nth-of-type(2)',
      label: 'Add to cart',
      x: 42.5,
      y: 17.25,
      windowWidth: 1280,
      windowHeight: 800,
      isNormalized: true,
    },
  });
  const view = JSON.stringify({
    json: {
      url: `${BASE}/about?utm_source=bench`,
      title: 'About · Campaign HQ',
      referrer: `${BASE}/`,
      utm: { source: 'bench', medium: 'load', campaign: 'ingest' },
    },
  });
  return [
    {
      method: 'POST',
      path: '/api/doors/trpc/tracking.trackClick',
      headers,
      body: click,
      setupRequest: asNextSession,
    },
    {
      method: 'POST',
      path: '/api/doors/trpc/tracking.trackPageView',
      headers,
      body: view,
      setupRequest: asNextSession,
    },
  ];
}

async function load(sessions: { cookie: string; address: string }[], amount: number): Promise<Result> {
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    amount,
    timeout: 10,
    requests: requests(sessions),
  });
  if (result.errors > 0 || result.timeouts > 0) {
    throw new BenchError(`${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

const acknowledged = (r: Result) =>
  Object.entries(r.statusCodeStats)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, s]) => sum + s.count, 0);

async function storedEvents(db: DbHandle['db']): Promise<number> {
  const count = async (table: 'analytics_clicks' | 'analytics_page_views') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await count('analytics_clicks')) + (await count('analytics_page_views'));
}

async function main() {
  if (!process.env.DATABASE_URL) throw new BenchError('The ingest bench needs DATABASE_URL (PostgreSQL).');
  if (!existsSync(resolve(ROOT, 'dist/client/.vite/manifest.json')))
    throw new BenchError('No client build: run "npm run build" first.');
  const database = await createTestDatabase();
  let server: ChildProcess | undefined;
  try {
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        PORT: String(PORT),
        APP_URL: BASE,
        SEED_DEMO_DATA: 'false',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    const exited = new Promise<number | null>((done) => server?.once('exit', (code) => done(code)));
    await waitForHealth(server);
    const sessions = await startSessions();
    // The same server's plain-text route with the same connections: the ceiling any route has
    // here (the machine is shared, so absolute numbers move with the neighbours' load).
    process.stdout.write('ingest: baseline GET /text 5 s… ');
    const plain = await autocannon({ url: `${BASE}/text`, connections: CONNECTIONS, duration: 5 });
    process.stdout.write(`${Math.round(plain.requests.average)}/s\n`);

    // Every run is a fixed number of requests whose answers are all awaited, so "acknowledged" is
    // exact. Two warm-ups (the first pays for JIT and connections) size the measured run to last
    // about MEASURE_SECONDS.
    process.stdout.write(`ingest: warm-up ${WARMUP_REQUESTS} + ${2 * WARMUP_REQUESTS} events… `);
    const warmups = [await load(sessions, WARMUP_REQUESTS), await load(sessions, 2 * WARMUP_REQUESTS)];
    const rate = warmups[1]!.requests.total / warmups[1]!.duration;
    const amount = Math.max(20_000, Math.round((rate * MEASURE_SECONDS) / 100) * 100);
    process.stdout.write(`${Math.round(rate)}/s; measuring ${amount} events… `);
    const started = performance.now();
    const run = await load(sessions, amount);
    const measuredSeconds = (performance.now() - started) / 1000;
    const storedAtEnd = await storedEvents(database.db);
    process.stdout.write('done\n');

    // A normal stop: SIGTERM, the server finishes its requests and waits for writes in flight.
    server.kill('SIGTERM');
    const code = await exited;
    const untilStored = (performance.now() - started) / 1000;
    if (code !== 0) throw new BenchError(`The server stopped with code ${code}.`);

    const measuredAcked = acknowledged(run);
    const acked = [...warmups, run].reduce((sum, r) => sum + acknowledged(r), 0);
    const refused = [...warmups, run].reduce((sum, r) => sum + r.requests.total, 0) - acked;
    const stored = await storedEvents(database.db);
    console.log(
      [
        `ingest (PostgreSQL, ${CONNECTIONS} connections, trackClick + trackPageView through tRPC):`,
        `  accepted: ${measuredAcked} events in ${measuredSeconds.toFixed(1)} s = ${Math.round(measuredAcked / measuredSeconds)} events/s` +
          ` (p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms; ${refused} refused)`,
        `  stored:   ${stored} rows; ${storedAtEnd} were written when the load ended (answers come after the commit);` +
          ` ${Math.round((stored - (acked - measuredAcked)) / untilStored)} events/s from start to all stored`,
        `  acknowledged (2xx, warm-up included) ${acked} = stored ${stored}: ${acked === stored ? 'yes' : 'NO'}`,
        `  baseline: GET /text on the same server answers ${Math.round(plain.requests.average)} requests/s`,
        `  goal ≥ ${GOAL} events/s: ${measuredAcked / measuredSeconds >= GOAL ? 'met' : 'NOT met'}`,
      ].join('\n'),
    );
    if (acked !== stored) throw new BenchError(`stored ${stored} rows but acknowledged ${acked} events`);
    if (storedAtEnd !== acked)
      throw new BenchError(
        `${acked} events were acknowledged but only ${storedAtEnd} stored when the load ended`,
      );
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? error.message : error);
  process.exit(1);
});
