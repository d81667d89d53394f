import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { serverNodeFlags } from '../../api/process/server-node-flags';
import { allWorkersServing } from './workers-option';

/**
 * The production server as the HTTP benches start it (`npm run bench -- ssr`, `paired-commits`):
 * from a checkout (this one, or another commit's for a paired run), with fresh demo data of its own.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 300_000;

/** A failure the bench reports in a sentence: start-up, wrong answers, a missing build. */
export class BenchError extends Error {}

export interface BenchProcess {
  child: ChildProcess;
  /** The last few kilobytes it printed, for the error when it fails. */
  log: () => string;
}

export function startProcess(args: string[], env: Record<string, string>, cwd = ROOT): BenchProcess {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd,
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

export async function waitFor(url: string, server: BenchProcess) {
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

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A database of its own on the PostgreSQL server of `url`, so the bench never touches shared data. */
async function freshPostgres(url: string, label: string) {
  const name = `campaign_hq_${label}_bench_${process.pid}`;
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

export interface ServerOptions {
  /** The checkout whose code, build and node_modules serve. */
  checkout?: string;
  port: number;
  /** PostgreSQL server on which a fresh database is made; without it, PGlite in a fresh DATA_DIR. */
  databaseUrl?: string;
  /** Under api/process/supervisor.ts with this many workers, as `npm start` runs; without it, api/main.ts alone. */
  workers?: number;
  /** Names its database, so two servers of one run do not share one. */
  label: string;
}

export interface ProductionServer {
  base: string;
  /** Where its data lives, for the bench's header. */
  data: string;
  log: () => string;
  /** Stops it and removes its database. */
  stop: () => Promise<void>;
}

/**
 * Starts the production server (NODE_ENV=production, which seeds the demo data into its empty
 * database) and resolves once every worker serves.
 */
export async function startProductionServer(options: ServerOptions): Promise<ProductionServer> {
  const { checkout = ROOT, port, databaseUrl, workers, label } = options;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), `campaign-hq-${label}-bench-`));
  const pg = databaseUrl ? await freshPostgres(databaseUrl, label) : null;
  const entry = workers ? 'api/process/supervisor.ts' : 'api/main.ts';
  // api/main.ts alone gets the V8 flags the supervisor gives its workers, as under `npm start`.
  const v8Flags = workers ? [] : serverNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
  const server = startProcess(
    [...v8Flags, '--import', 'tsx', entry],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: pg?.url ?? '',
      LOG_LEVEL: 'warn',
      WORKERS: workers ? String(workers) : '',
    },
    checkout,
  );
  const stop = async () => {
    await stopProcess(server.child);
    await pg?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/readyz`, server);
    // Every worker ready, not just the first: the supervisor prints one line per worker.
    while (!allWorkersServing(server.log(), workers)) {
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, data: pg ? 'PostgreSQL, a fresh database' : `PGlite in ${dataDir}`, log: server.log, stop };
}
