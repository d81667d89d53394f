/**
 * SSR throughput benchmark (`npm run bench -- ssr`; needs `npm run build` first), issue 17 item 7.
 *
 * Starts, in the same run, a raw Hono plaintext server (tests/bench/raw-hono-server.ts, the
 * ceiling) and the production server with fresh demo data (a new PGlite DATA_DIR in the temp
 * directory, or a fresh database on the PostgreSQL server of DATABASE_URL, dropped afterwards).
 * Each target gets a warm-up and autocannon at 100 connections. Pages held to a share of the
 * ceiling (`/text`, the cached visitor pages) are measured in BENCH_ROUNDS (default 5) rounds of
 * a 4 s slice of the page beside a 4 s slice of the ceiling, and judged by the median round's
 * share and the worst round's p99; the others run 10 s once. The table gives req/s, p99 and each
 * page's share, so a loaded, shared machine still compares like with like.
 *
 * Goals (docs/decisions/0025-visitor-page-cache.md): `/text` ≥ 50 % of the ceiling; every cached visitor page ≥ 25 %
 * with p99 < 50 ms; `/` ≥ 30 × 422 req/s (the Next.js anchor); signed-in pages p99 < 100 ms on
 * PostgreSQL. A missed goal is reported, not an error; the process exits non-zero only when
 * something breaks (start-up, non-2xx answers, no request completed). Loopback targets only.
 *
 * Requests carry the Accept-Encoding a browser sends (decision 0057); `BENCH_ACCEPT_ENCODING=none`
 * sends none, as autocannon's defaults do, and any other value is sent as it is.
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
import { acceptEncodingOption, BROWSER_ACCEPT_ENCODING } from './accept-encoding-option';
import { ssrTargets, type Target } from './ssr-targets';
import { allWorkersServing, workersOption } from './workers-option';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3230);
const RAW_PORT = PORT + 1;
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
const CONNECTIONS = 100;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 10;
/**
 * Pages held to a share of the ceiling are measured in rounds, each a slice of the ceiling next
 * to a slice of the page (docs/decisions/0051-paired-ceiling-rounds.md): on this shared machine
 * the ceiling itself moved by up to 45 % between two runs minutes apart, so one long run per
 * target compared a page with a machine that was no longer there.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLICE_SECONDS = 4;
const START_TIMEOUT_MS = 300_000;
/**
 * What Chromium sends, so pages are measured as visitors receive them (the visitor cache answers
 * the gzip it made once; rendered pages are compressed per request). Unset, this; `none`, no
 * header, every page uncompressed: an 18 KB page then tires the bench's own autocannon (a whole
 * core) before the server (docs/decisions/0057-bench-ssr-measures-what-browsers-receive.md). The
 * raw Hono ceiling's two-byte answer is the same either way.
 */
const ACCEPT_ENCODING = acceptEncodingOption(process.env.BENCH_ACCEPT_ENCODING, BROWSER_ACCEPT_ENCODING);
const GOALS = { middlewareShare: 0.5, cachedShare: 0.25, cachedP99: 50, home: 30 * 422, signedInP99: 100 };

class BenchError extends Error {}

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

/** A page measured in rounds beside the ceiling; its figures are those of the median round. */
async function measurePaired(
  name: string,
  url: string,
  ceilingUrl: string,
  cookie?: string,
): Promise<Measured> {
  process.stdout.write(`  ${name}: warm-up ${WARMUP_SECONDS} s… `);
  await load(url, cookie, WARMUP_SECONDS, true);
  const rounds: { page: Result; share: number; loadGenerator: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    process.stdout.write(`round ${i + 1}… `);
    // The order alternates, so a machine that speeds up or slows down through a round favours
    // neither side on average.
    // This process's CPU while the page slice ran (autocannon runs here): near a whole core, the
    // load generator, not the server, set the page's pace (docs/decisions/0051-paired-ceiling-rounds.md).
    let loadGenerator = 0;
    const slicePage = async () => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await load(url, cookie, SLICE_SECONDS);
      const used = process.cpuUsage(cpu);
      loadGenerator = (used.user + used.system) / 1000 / (performance.now() - started);
      return result;
    };
    const sliceCeiling = () => load(ceilingUrl, undefined, SLICE_SECONDS);
    let ceiling: Result;
    let page: Result;
    if (i % 2 === 0) {
      ceiling = await sliceCeiling();
      page = await slicePage();
    } else {
      page = await slicePage();
      ceiling = await sliceCeiling();
    }
    rounds.push({ page, share: page.requests.average / ceiling.requests.average, loadGenerator });
  }
  process.stdout.write('done\n');
  const median = [...rounds].sort((a, b) => a.share - b.share)[Math.floor(rounds.length / 2)]!;
  return {
    result: median.page,
    share: median.share,
    // The worst round's p99: a page must keep its latency goal in every one.
    p99: Math.max(...rounds.map((r) => r.page.latency.p99)),
    timeouts: rounds.reduce((sum, r) => sum + r.page.timeouts, 0),
    roundShares: rounds.map((r) => r.share),
    loadGenerator: median.loadGenerator,
  };
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

/** What the table prints of a target: its share of the ceiling and the latency it is judged on. */
interface Measured {
  result: Result;
  share: number;
  p99: number;
  timeouts: number;
  /** Paired targets only: each round's share, for the reader to see the spread. */
  roundShares?: number[];
  /** Paired targets only: the load generator's CPU in the median round, in cores. */
  loadGenerator?: number;
}

function verdict(target: Target, m: Measured, onPostgres: boolean): string {
  const { share, p99, result: r } = m;
  // A run that timed out has no honest p99: autocannon's excludes the requests that never answered.
  const answered = m.timeouts === 0 && r.requests.total > 0;
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

/** Targets judged by their share of the ceiling are measured in rounds beside it. */
const paired = (target: Target) => target.goal === 'middleware' || target.goal === 'cached';

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
    while (!allWorkersServing(app.log(), workers)) {
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`Servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    // BENCH_ONLY=settings,messaging measures only the targets whose names contain one of them.
    const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
    const targets = (await ssrTargets(BASE)).filter(
      (target) => only.length === 0 || only.some((part) => target.name.includes(part)),
    );
    const ceilingUrl = `http://${HOST}:${RAW_PORT}/`;
    const ceiling = await measure('raw Hono plaintext (ceiling)', ceilingUrl);
    const results: [Target, Measured | Result | Error][] = [];
    for (const target of targets) {
      const url = `${BASE}${target.path}`;
      try {
        results.push([
          target,
          paired(target)
            ? await measurePaired(target.name, url, ceilingUrl, target.cookie)
            : await measure(target.name, url, target.cookie),
        ]);
      } catch (error) {
        if (!(error instanceof BenchError)) throw error;
        process.stdout.write(`failed: ${error.message}\n`);
        results.push([target, error]);
        process.exitCode = 1;
      }
    }

    // The machine may be shared: the ceiling is measured again after the pages, and the share of
    // a target measured alone is taken of the mean of both runs (paired ones: of their rounds).
    const ceilingAfter = await measure('raw Hono plaintext (again)', ceilingUrl);
    const top = (ceiling.requests.average + ceilingAfter.requests.average) / 2;
    const measured = (r: Measured | Result): Measured =>
      'share' in r
        ? r
        : { result: r, share: r.requests.average / top, p99: r.latency.p99, timeouts: r.timeouts };
    const line = (name: string, m: Measured, note: string) =>
      `  ${name.padEnd(26)} ${m.result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(m.p99).padStart(5)} ms   ` +
      `${(m.share * 100).toFixed(1).padStart(5)} %   ` +
      `${m.timeouts ? `${m.timeouts} timeouts ` : ''}${note}` +
      (m.roundShares
        ? `   rounds: ${m.roundShares.map((x) => `${(x * 100).toFixed(1)} %`).join(', ')}`
        : '') +
      (m.loadGenerator === undefined
        ? ''
        : `   load generator ${(m.loadGenerator * 100).toFixed(0)} % of a core`);
    console.log(
      `\nResults (${pg ? 'PostgreSQL' : 'PGlite'}${processes}; pages held to a share: median of ${ROUNDS} rounds ` +
        `beside the ceiling, worst p99 of the rounds; others: share of the mean of the two raw Hono runs)`,
    );
    console.log(line('raw Hono plaintext (first)', measured(ceiling), ''));
    console.log(line('raw Hono plaintext (last)', measured(ceilingAfter), ''));
    for (const [target, r] of results) {
      if (r instanceof Error) {
        console.log(`  ${target.name.padEnd(26)} FAILED: ${r.message}`);
        continue;
      }
      const m = measured(r);
      console.log(line(target.name, m, verdict(target, m, pg !== null)));
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
