/**
 * SSR throughput benchmark (`npm run bench:ssr`; needs `npm run build` first), issue 17 item 7.
 *
 * Starts, in the same run, a raw Hono plaintext server (tests/bench/raw-hono-server.ts, the
 * ceiling) and the production server with fresh demo data (a new PGlite DATA_DIR in the temp
 * directory, or a fresh database on the PostgreSQL server of DATABASE_URL, dropped afterwards).
 * Each target gets a warm-up and a measured autocannon run at 100 connections; the table gives
 * req/s, p99 and each page's share of the ceiling, so a loaded, shared machine still compares
 * like with like.
 *
 * Goals (docs/decisions/0025-visitor-page-cache.md): `/text` ≥ 50 % of the ceiling; every cached visitor page ≥ 25 %
 * with p99 < 50 ms; `/` ≥ 30 × 422 req/s (the Next.js anchor); signed-in pages p99 < 100 ms on
 * PostgreSQL. A missed goal is reported, not an error; the process exits non-zero only when
 * something breaks (start-up, non-2xx answers, no request completed). Loopback targets only.
 *
 * `BENCH_ACCEPT_ENCODING=gzip` sends Accept-Encoding as browsers do (unset: no compression).
 * `BENCH_ONLY=settings,messaging` measures only the targets whose names contain one of those.
 * `--workers N` (or BENCH_WORKERS=N) starts the app as `npm start` does, under api/supervisor.ts
 * with WORKERS=N (PostgreSQL only: PGlite has one worker); without it, api/main.ts alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import postgres from 'postgres';
import { serverNodeFlags } from '../../api/server-node-flags';
import { ssrTargets, type Target } from './ssr-targets';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3230);
const RAW_PORT = PORT + 1;
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 10;
const START_TIMEOUT_MS = 300_000;
/**
 * BENCH_ACCEPT_ENCODING=gzip sends the header every browser sends, so pages are measured as
 * visitors receive them (the visitor cache answers gzip it made once); unset, as autocannon's
 * defaults do, every page goes out uncompressed. The raw Hono ceiling ignores it either way.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING?.trim() || undefined;
const GOALS = { middlewareShare: 0.5, cachedShare: 0.25, cachedP99: 50, home: 30 * 422, signedInP99: 100 };

class BenchError extends Error {}

/** The N of `--workers N`, `--workers=N` or BENCH_WORKERS; undefined runs api/main.ts alone. */
function workersOption(argv: string[], env: string | undefined): number | undefined {
  const at = argv.findIndex((arg) => arg === '--workers' || arg.startsWith('--workers='));
  const raw = at === -1 ? env : argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new BenchError(`--workers wants a whole number ≥ 1, not "${raw}"`);
  return n;
}

function assertLoopback(url: string) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) {
    throw new BenchError(`Refusing to load a non-loopback target: ${url}`);
  }
}

function start(args: string[], env: Record<string, string>) {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, log: () => log };
}

async function waitFor(url: string, server: ReturnType<typeof start>) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new BenchError(
        `A server exited during start-up (code ${server.child.exitCode}).\n${server.log()}`,
      );
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new BenchError(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s.\n${server.log()}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function load(
  url: string,
  cookie: string | undefined,
  seconds: number,
  warmUp = false,
): Promise<Result> {
  assertLoopback(url);
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (ACCEPT_ENCODING) headers['accept-encoding'] = ACCEPT_ENCODING;
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, timeout: 10 });
  // Timeouts are a result (reported in the table), not a failure; wrong answers are.
  if (result.non2xx > 0 || (!warmUp && result.requests.total === 0 && result.timeouts === 0)) {
    throw new BenchError(
      `${url}: ${result.non2xx} non-2xx answers of ${result.requests.total} (${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return result;
}

async function measure(name: string, url: string, cookie?: string): Promise<Result> {
  process.stdout.write(`  ${name}: warm-up ${WARMUP_SECONDS} s… `);
  await load(url, cookie, WARMUP_SECONDS, true);
  process.stdout.write(`measuring ${MEASURE_SECONDS} s… `);
  const result = await load(url, cookie, MEASURE_SECONDS);
  process.stdout.write('done\n');
  return result;
}

/** A database of its own on the PostgreSQL server of `url`, so the bench never touches shared data. */
async function freshPostgres(url: string) {
  const name = `campaign_hq_ssr_bench_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

function verdict(target: Target, r: Result, ceiling: number, onPostgres: boolean): string {
  const share = r.requests.average / ceiling;
  const p99 = r.latency.p99;
  // A run that timed out has no honest p99: autocannon's excludes the requests that never answered.
  const answered = r.timeouts === 0 && r.requests.total > 0;
  const mark = (ok: boolean, text: string) => `${ok && answered ? 'MET' : 'NOT MET'} (${text})`;
  switch (target.goal) {
    case 'middleware':
      return mark(share >= GOALS.middlewareShare, `≥ ${GOALS.middlewareShare * 100} %`);
    case 'cached': {
      const ok = share >= GOALS.cachedShare && p99 < GOALS.cachedP99;
      const home =
        target.path === '/'
          ? `, ≥ ${GOALS.home} req/s: ${r.requests.average >= GOALS.home ? 'yes' : 'no'}`
          : '';
      return mark(ok, `≥ ${GOALS.cachedShare * 100} % and p99 < ${GOALS.cachedP99} ms${home}`);
    }
    case 'signed-in':
      return onPostgres ? mark(p99 < GOALS.signedInP99, `p99 < ${GOALS.signedInP99} ms on PostgreSQL`) : '';
    default:
      return '';
  }
}

async function main() {
  if (!existsSync(resolve(ROOT, 'dist/client/.vite/manifest.json'))) {
    throw new BenchError('No client build in dist/client: run "npm run build" first.');
  }
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const workers = workersOption(process.argv.slice(2), process.env.BENCH_WORKERS);
  if (workers && !databaseUrl) throw new BenchError('--workers needs DATABASE_URL (PGlite runs one worker).');
  const dataDir = await mkdtemp(join(tmpdir(), 'campaign-hq-bench-'));
  const pg = databaseUrl ? await freshPostgres(databaseUrl) : null;
  const raw = start(['--import', 'tsx', 'tests/bench/raw-hono-server.ts'], { PORT: String(RAW_PORT) });
  const entry = workers ? 'api/supervisor.ts' : 'api/main.ts';
  // api/main.ts alone gets the V8 flags the supervisor gives its workers, as under `npm start`.
  const v8Flags = workers ? [] : serverNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
  const app = start([...v8Flags, '--import', 'tsx', entry], {
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST,
    APP_URL: BASE,
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? '',
    LOG_LEVEL: 'warn',
    WORKERS: workers ? String(workers) : '',
  });
  try {
    console.log(
      `SSR benchmark: ${CONNECTIONS} connections, ${MEASURE_SECONDS} s per target after ${WARMUP_SECONDS} s warm-up, ${ACCEPT_ENCODING ? `Accept-Encoding: ${ACCEPT_ENCODING}` : 'no Accept-Encoding'}`,
    );
    const processes = workers ? `, ${workers} worker${workers > 1 ? 's' : ''} under the supervisor` : '';
    console.log(
      `Server: ${BASE} (${pg ? 'PostgreSQL, a fresh database' : `PGlite in ${dataDir}`}${processes})`,
    );
    const started = Date.now();
    await waitFor(`http://${HOST}:${RAW_PORT}/`, raw);
    await waitFor(`${BASE}/readyz`, app);
    // Every worker ready, not just the first: the supervisor prints one line per worker.
    while (workers && (app.log().match(/worker \d+ serving/g) ?? []).length < workers) {
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`Servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    // BENCH_ONLY=settings,messaging measures only the targets whose names contain one of them.
    const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
    const targets = (await ssrTargets(BASE)).filter(
      (target) => only.length === 0 || only.some((part) => target.name.includes(part)),
    );
    const ceiling = await measure('raw Hono plaintext (ceiling)', `http://${HOST}:${RAW_PORT}/`);
    const results: [Target, Result | Error][] = [];
    for (const target of targets) {
      try {
        results.push([target, await measure(target.name, `${BASE}${target.path}`, target.cookie)]);
      } catch (error) {
        if (!(error instanceof BenchError)) throw error;
        process.stdout.write(`failed: ${error.message}\n`);
        results.push([target, error]);
        process.exitCode = 1;
      }
    }

    // The machine may be shared: the ceiling is measured again after the pages, and each share
    // is taken of the mean of both runs.
    const ceilingAfter = await measure('raw Hono plaintext (again)', `http://${HOST}:${RAW_PORT}/`);
    const top = (ceiling.requests.average + ceilingAfter.requests.average) / 2;
    const line = (name: string, r: Result, note: string) =>
      `  ${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(5)} ms   ` +
      `${((r.requests.average / top) * 100).toFixed(1).padStart(5)} %   ` +
      `${r.timeouts ? `${r.timeouts} timeouts ` : ''}${note}`;
    console.log(
      `\nResults (${pg ? 'PostgreSQL' : 'PGlite'}${processes}; share of the mean of the two raw Hono runs)`,
    );
    console.log(line('raw Hono plaintext (first)', ceiling, ''));
    console.log(line('raw Hono plaintext (last)', ceilingAfter, ''));
    for (const [target, r] of results) {
      console.log(
        r instanceof Error
          ? `  ${target.name.padEnd(26)} FAILED: ${r.message}`
          : line(target.name, r, verdict(target, r, top, pg !== null)),
      );
    }
  } finally {
    await stop(app.child);
    await stop(raw.child);
    await pg?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `\nBenchmark failed: ${error.message}` : error);
  process.exitCode = 1;
});
