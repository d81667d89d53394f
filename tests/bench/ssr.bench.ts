/**
 * SSR throughput benchmark (`npm run bench:ssr`; needs `npm run build` first).
 *
 * Starts the production server on its own port with fresh data (a new PGlite DATA_DIR in the
 * temp directory, or DATABASE_URL when set), then loads the server-rendered home page `/` and
 * the plain-text route `/text` with autocannon: each gets a warm-up and a measured run with the
 * same connections. Prints requests/s and p99 latency for both and the home/plain ratio.
 *
 * Goal: home ≥ 25 % of plain throughput. Missing the goal is reported, not an error; the process
 * exits non-zero only when something breaks (server start, connection errors, non-2xx answers).
 * Bounded: loopback target only, fixed durations.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3230);
const HOST = '127.0.0.1';
const BASE = `http://${HOST}:${PORT}`;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const GOAL_RATIO = 0.25;
const START_TIMEOUT_MS = 120_000;

class BenchError extends Error {}

function assertLoopback(url: string) {
  const { hostname } = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    throw new BenchError(`Refusing to load a non-loopback target: ${url}`);
  }
}

async function waitForHealth(server: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new BenchError(`The server exited during start-up (code ${server.exitCode}).\n${output()}`);
    }
    try {
      const response = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new BenchError(
    `The server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s.\n${output()}`,
  );
}

async function load(path: string, seconds: number): Promise<Result> {
  const url = `${BASE}${path}`;
  assertLoopback(url);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 10 });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new BenchError(
      `${path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers ` +
        `(${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  if (result.requests.total === 0) throw new BenchError(`${path}: no request completed`);
  return result;
}

async function measure(path: string): Promise<Result> {
  process.stdout.write(`  ${path}: warm-up ${WARMUP_SECONDS} s… `);
  await load(path, WARMUP_SECONDS);
  process.stdout.write(`measuring ${MEASURE_SECONDS} s… `);
  const result = await load(path, MEASURE_SECONDS);
  process.stdout.write('done\n');
  return result;
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
}

async function main() {
  if (!existsSync(resolve(ROOT, 'dist/client/.vite/manifest.json'))) {
    throw new BenchError('No client build in dist/client: run "npm run build" first.');
  }
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'campaign-hq-bench-'));
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST,
      APP_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    console.log(
      `SSR benchmark: ${CONNECTIONS} connections, ${MEASURE_SECONDS} s per route after ${WARMUP_SECONDS} s warm-up`,
    );
    console.log(`Server: ${BASE} (${databaseUrl ? 'PostgreSQL from DATABASE_URL' : `PGlite in ${dataDir}`})`);
    const started = Date.now();
    await waitForHealth(server, () => log);
    console.log(`Server ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

    const home = await measure('/');
    const plain = await measure('/text');

    const ratio = home.requests.average / plain.requests.average;
    const row = (name: string, r: Result) =>
      `  ${name.padEnd(14)} ${r.requests.average.toFixed(0).padStart(9)} req/s   p99 ${String(r.latency.p99).padStart(5)} ms   (${r.requests.total} requests)`;
    console.log('\nResults');
    console.log(row('/ (home SSR)', home));
    console.log(row('/text (plain)', plain));
    console.log(`  ratio home/plain: ${(ratio * 100).toFixed(1)} %`);
    console.log(
      `Goal: home ≥ ${GOAL_RATIO * 100} % of plain throughput → ${ratio >= GOAL_RATIO ? 'MET' : 'NOT MET'} ` +
        `(${(ratio * 100).toFixed(1)} %)`,
    );
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `\nBenchmark failed: ${error.message}` : error);
  process.exitCode = 1;
});
