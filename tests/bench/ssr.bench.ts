/**
 * SSR throughput benchmark (`npm run bench -- ssr`; needs `npm run build` first).
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
 * Goal (docs/decisions/0084-one-bench-command.md): every cached visitor page ≥ 20 % of the
 * ceiling, on PGlite and on PostgreSQL. `/text`, the signed-in pages and search are reported
 * without a goal of their own; the signed-in pages are held to the commit before a change by
 * `npm run bench -- paired-commits`. A missed goal is reported, not an error; the process exits
 * non-zero only when something breaks (start-up, non-2xx answers, no request completed).
 * Loopback targets only.
 *
 * Requests carry the Accept-Encoding a browser sends (decision 0057); `BENCH_ACCEPT_ENCODING=none`
 * sends none, as autocannon's defaults do, and any other value is sent as it is.
 * `BENCH_ONLY=settings,messaging` measures only the targets whose names contain one of those.
 * `--workers N` (or BENCH_WORKERS=N) starts the app as `npm start` does, under api/process/supervisor.ts
 * with WORKERS=N (PostgreSQL only: PGlite has one worker); without it, api/main.ts alone.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';
import { ACCEPT_ENCODING, CONNECTIONS, load } from './page-load';
import {
  BenchError,
  type ProductionServer,
  startProcess,
  startProductionServer,
  stopProcess,
  waitFor,
} from './production-server';
import { onlyTargets, ssrTargets, type Target } from './ssr-targets';
import { workersOption } from './workers-option';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3230);
const RAW_PORT = PORT + 1;
const HOST = '127.0.0.1';
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
/** Cached visitor pages' share of the ceiling (issue 43; decision 0084 retired the older goals). */
const CACHED_SHARE_GOAL = 0.2;

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
    // The worst round's p99: what the page's latency stayed under in every round.
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

function verdict(target: Target, m: Measured): string {
  if (target.goal !== 'cached') return '';
  // A page that timed out in a round did not keep up, whatever share its answers made.
  const answered = m.timeouts === 0 && m.result.requests.total > 0;
  const met = answered && m.share >= CACHED_SHARE_GOAL;
  return `${met ? 'MET' : 'NOT MET'} (≥ ${CACHED_SHARE_GOAL * 100} % of raw Hono)`;
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
  console.log(
    `SSR benchmark: ${CONNECTIONS} connections, ${MEASURE_SECONDS} s per target after ${WARMUP_SECONDS} s warm-up, ${ACCEPT_ENCODING ? `Accept-Encoding: ${ACCEPT_ENCODING}` : 'no Accept-Encoding'}`,
  );
  const started = Date.now();
  const raw = startProcess(['--import', 'tsx', 'tests/bench/raw-hono-server.ts'], { PORT: String(RAW_PORT) });
  let app: ProductionServer | undefined;
  try {
    app = await startProductionServer({ port: PORT, databaseUrl, workers, label: 'ssr' });
    await waitFor(`http://${HOST}:${RAW_PORT}/`, raw);
    const processes = workers ? `, ${workers} worker${workers > 1 ? 's' : ''} under the supervisor` : '';
    console.log(`Server: ${app.base} (${app.data}${processes})`);
    console.log(`Servers ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const targets = onlyTargets(await ssrTargets(app.base), process.env.BENCH_ONLY);
    const ceilingUrl = `http://${HOST}:${RAW_PORT}/`;
    const ceiling = await measure('raw Hono plaintext (ceiling)', ceilingUrl);
    const results: [Target, Measured | Result | Error][] = [];
    for (const target of targets) {
      const url = `${app.base}${target.path}`;
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
      `\nResults (${databaseUrl ? 'PostgreSQL' : 'PGlite'}${processes}; pages held to a share: median of ${ROUNDS} rounds ` +
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
      console.log(line(target.name, m, verdict(target, m)));
    }
  } finally {
    await app?.stop();
    await stopProcess(raw.child);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `\nBenchmark failed: ${error.message}` : error);
  process.exitCode = 1;
});
