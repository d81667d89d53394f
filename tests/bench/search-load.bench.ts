/**
 * People search under HTTP load (issue 17 item 3; needs `npm run build` first).
 *
 * For each engine (embedded PGlite, then PostgreSQL when DATABASE_URL is set) this loads
 * BENCH_HTTP_MEMBERS (default 20,000) members from the realistic vocabulary (search-vocabulary.ts)
 * into a fresh database, starts the production server on it and loads, with autocannon at 100
 * connections, `/search?q=…` and the header box's `users.searchUsersByName`, each request taking
 * the next of 1,500 distinct queries (exact names, typos, partial words, surnames), so the
 * result cache helps only as much as real repetition would, after 5 s of 1,500 others. A raw Hono plaintext server measured
 * in the same run gives the ceiling. Prints req/s, p99, timeouts and errors per target.
 *
 * Goals: no timeouts on PGlite; p99 < 100 ms on PostgreSQL. Missing one is reported, not an
 * error. Ports: BENCH_PORT (default 3240) and the next one for the ceiling. Loopback only.
 *
 * BENCH_ACCEPT_ENCODING sends that Accept-Encoding (none by default). BENCH_TIMELINE=1 also prints each
 * measured run's response times by half second (tests/bench/latency-timeline.ts).
 *
 * `--workers N` (or BENCH_WORKERS=N) runs the PostgreSQL server as `npm start` does there, N
 * workers under api/process/supervisor.ts (tests/bench/workers-option.ts); PGlite always runs api/main.ts
 * alone, as `npm start` does on it. Without the option both run api/main.ts alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'kysely';
import { serverNodeFlags } from '../../api/process/server-node-flags';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { acceptEncodingOption } from './accept-encoding-option';
import { recordTimeline } from './latency-timeline';
import { measureRawHonoCeiling } from './raw-hono-ceiling';
import { loadRealisticMembers, scratchDatabase } from './search-population';
import { realisticProbes } from './search-vocabulary';
import { allWorkersServing, workersOption } from './workers-option';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3240);
const BASE = `http://127.0.0.1:${PORT}`;
const MEMBERS = Number(process.env.BENCH_HTTP_MEMBERS ?? 20_000);
const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Queries measured, each distinct; as many others again warm the server up first. */
const DISTINCT_QUERIES = 1_500;
const WARMUP_SECONDS = 5;
/**
 * Sent as the Accept-Encoding header when set (`gzip, deflate, br, zstd` is what Chromium sends,
 * as `npm run bench -- ssr` does by default:
 * docs/decisions/0057-bench-ssr-measures-what-browsers-receive.md).
 * Unset or `none`, no header, as this bench has measured the goal since it was written; a miss
 * then costs no compression, and the load generator reads whole pages.
 */
const ACCEPT_ENCODING = acceptEncodingOption(process.env.BENCH_ACCEPT_ENCODING);
const TIMELINE = process.env.BENCH_TIMELINE === '1';
/** Which engines to measure: `pglite,postgres` (PostgreSQL needs DATABASE_URL). */
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

interface Row {
  target: string;
  result: Result;
}

async function waitForHealth(server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited during start-up\n${log()}`);
    try {
      if ((await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy\n${log()}`);
}

async function withServer<T>(
  env: Record<string, string>,
  workers: number | undefined,
  body: () => Promise<T>,
): Promise<T> {
  let log = '';
  const entry = workers ? 'api/process/supervisor.ts' : 'api/main.ts';
  // api/main.ts alone gets the V8 flags the supervisor gives its workers (api/process/server-node-flags.ts).
  const v8Flags = workers ? [] : serverNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
  const server = spawn(process.execPath, [...v8Flags, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE,
      LOG_LEVEL: 'warn',
      WORKERS: workers ? String(workers) : '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  try {
    await waitForHealth(server, () => log);
    while (!allWorkersServing(log, workers)) await new Promise((r) => setTimeout(r, 250));
    return await body();
  } finally {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
}

/** Every request takes the next query of the list (one counter shared by all connections). */
function cycling(queries: string[], build: (q: string) => { method: string; path: string; body?: string }) {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (request: object) => ({ ...request, ...build(queries[next++ % queries.length]!) }),
    },
  ];
}

const pagePath = (q: string) => ({ method: 'GET', path: `/search?q=${encodeURIComponent(q)}` });
const boxCall = (q: string) => ({
  method: 'POST',
  path: '/api/doors/trpc/users.searchUsersByName',
  body: JSON.stringify({ json: { query: q, currentUserId: null } }),
});

async function load(
  queries: string[],
  build: typeof pagePath | typeof boxCall,
  seconds: number,
  timeline = false,
): Promise<Result> {
  const run = autocannon({
    url: BASE,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: {
      'content-type': 'application/json',
      origin: BASE,
      ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
    },
    requests: cycling(queries, build),
  });
  if (!timeline) return run;
  const printTimeline = recordTimeline(run);
  const result = await run;
  console.log(`  by half second:\n${printTimeline()}`);
  return result;
}

async function measureEngine(
  engine: string,
  env: Record<string, string>,
  workers: number | undefined,
  queries: string[],
): Promise<Row[]> {
  return withServer(env, workers, async () => {
    const rows: Row[] = [];
    for (const [name, build] of [
      ['/search?q=…', pagePath],
      ['users.searchUsersByName', boxCall],
    ] as const) {
      // Warm-up with other queries than the measured ones: the cache starts cold for those. As
      // many distinct ones as are measured, so that the miss path (planning on each connection,
      // V8's optimized code) is warm too: with 200 for 2 s it had run only 200 times, and the
      // first second of the measured load took up to 800 ms per search.
      await load(queries.slice(DISTINCT_QUERIES), build, WARMUP_SECONDS);
      const result = await load(queries.slice(0, DISTINCT_QUERIES), build, SECONDS, TIMELINE);
      rows.push({ target: `${engine} ${name}`, result });
      console.log(
        `  ${engine} ${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ` +
          `${result.timeouts} timeouts, ${result.errors} errors, ${result.non2xx} non-2xx`,
      );
    }
    return rows;
  });
}

async function seeded(open: () => Promise<Awaited<ReturnType<typeof openDatabase>>>): Promise<number> {
  const handle = await open();
  try {
    await migrateToLatest(handle.db);
    const { seconds } = await loadRealisticMembers(handle.db, MEMBERS);
    // What autovacuum does after a bulk load, as the other benches do: statistics, and the
    // visibility map the token and posting index-only scans need (without it they read the heap).
    await sql`VACUUM ANALYZE`.execute(handle.db);
    return seconds;
  } finally {
    await handle.close();
  }
}

function print(rows: Row[], ceiling: Result): void {
  console.log(`\n| target | req/s | share of raw Hono | p50 ms | p99 ms | timeouts | errors | non-2xx |`);
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { target, result: r } of [
    { target: 'raw Hono plaintext (ceiling)', result: ceiling },
    ...rows,
  ]) {
    const share = ((100 * r.requests.average) / ceiling.requests.average).toFixed(1);
    console.log(
      `| ${target} | ${r.requests.average.toFixed(0)} | ${share} % | ${r.latency.p50} | ${r.latency.p99} | ${r.timeouts} | ${r.errors} | ${r.non2xx} |`,
    );
  }
  for (const { target, result: r } of rows) {
    const postgres = target.startsWith('PostgreSQL');
    const met = postgres ? r.latency.p99 < 100 && r.timeouts === 0 : r.timeouts === 0;
    console.log(`${target}: goal (${postgres ? 'p99 < 100 ms' : 'no timeouts'}) ${met ? 'met' : 'MISSED'}`);
  }
}

async function main() {
  if (!existsSync(resolve(ROOT, 'dist/client/.vite/manifest.json'))) {
    throw new Error('No client build in dist/client: run "npm run build" first.');
  }
  const workers = workersOption(process.argv.slice(2), process.env.BENCH_WORKERS);
  const queries = realisticProbes(MEMBERS, 2 * DISTINCT_QUERIES, 4242).map((p) => p.query);
  const processes = workers ? `; PostgreSQL server: ${workers} worker(s) under the supervisor` : '';
  console.log(
    `People search under load: ${CONNECTIONS} connections, ${SECONDS} s per target, ${MEMBERS} members${processes}`,
  );
  const ceiling = await measureRawHonoCeiling(PORT + 1, CONNECTIONS, SECONDS);
  const rows: Row[] = [];

  if (ENGINES.includes('pglite')) {
    const dataDir = await mkdtemp(join(tmpdir(), 'campaign-hq-search-'));
    try {
      const seconds = await seeded(() => openDatabase({ dataDir }));
      console.log(`PGlite: seeded ${MEMBERS} members in ${seconds.toFixed(0)} s`);
      rows.push(
        ...(await measureEngine('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, undefined, queries)),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  const baseUrl = process.env.DATABASE_URL?.trim();
  if (baseUrl && ENGINES.includes('postgres')) {
    const scratch = await scratchDatabase(baseUrl);
    try {
      const seconds = await seeded(() => openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' }));
      console.log(`PostgreSQL: seeded ${MEMBERS} members in ${seconds.toFixed(0)} s`);
      rows.push(...(await measureEngine('PostgreSQL', { DATABASE_URL: scratch.url }, workers, queries)));
    } finally {
      await scratch.drop();
    }
  }
  print(rows, ceiling);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
