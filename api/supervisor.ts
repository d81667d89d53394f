import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import {
  CONFIG_ERROR_EXIT_CODE,
  STANDBY_ENV,
  type SupervisorMessage,
  type WorkerMessage,
} from './supervisor-protocol';

/**
 * `npm start` runs this: one server process (api/main.ts, a node:cluster worker) under a
 * supervisor that replaces it when it crashes. Requests the dead worker had taken are lost; new
 * ones are refused until its replacement listens, a few hundred milliseconds on PostgreSQL.
 *
 * - One worker serves: PGlite's data directory belongs to one process (docs/decisions/0012-runtime-survives-database-and-safe-defaults.md). A
 *   second one waits as a warm standby (code loaded, no database, no port) and takes over when the
 *   first dies, so a crash costs well under a second on PostgreSQL instead of a cold start.
 * - A crash is replaced at once; crashes in a row (a worker that dies within STABLE_MS of its
 *   start) back off, doubling from RESTART_DELAY_MS up to MAX_DELAY_MS, and after MAX_CRASHES in a
 *   row the supervisor gives up and exits 1. A configuration error (exit 78) is not retried.
 * - SIGINT/SIGTERM are passed to the worker once; it stops gracefully (flushes analytics, closes
 *   the database) and the supervisor exits with its code. A worker whose supervisor disappears
 *   stops too (api/main.ts listens for the IPC channel's disconnect).
 */
export interface SupervisorOptions {
  /** The worker's entry, run with tsx. */
  entry?: string;
  restartDelayMs?: number;
  maxDelayMs?: number;
  stableMs?: number;
  maxCrashes?: number;
  log?: (message: string) => void;
}

export const RESTART_DELAY_MS = 100;
const MAX_DELAY_MS = 30_000;
const STABLE_MS = 30_000;
const MAX_CRASHES = 10;

/** The delay before the next start after `crashes` crashes in a row (the first is immediate-ish). */
export function restartDelay(crashes: number, base = RESTART_DELAY_MS, max = MAX_DELAY_MS): number {
  return Math.min(max, base * 2 ** Math.max(0, crashes - 1));
}

export function supervise(options: SupervisorOptions = {}) {
  const entry = options.entry ?? fileURLToPath(new URL('./main.ts', import.meta.url));
  const log = options.log ?? ((message: string) => console.error(`[supervisor] ${message}`));
  const stableMs = options.stableMs ?? STABLE_MS;
  const maxCrashes = options.maxCrashes ?? MAX_CRASHES;
  const delay = (crashes: number) => restartDelay(crashes, options.restartDelayMs, options.maxDelayMs);
  let crashes = 0;
  let standbyCrashes = 0;
  let stopping = false;
  let active: Worker | null = null;
  let standby: Worker | null = null;

  // Workers run TypeScript as this process does: through tsx, whether it came as `tsx file` or
  // `node --import tsx file`.
  const tsx = process.execArgv.some((arg) => arg.includes('tsx')) ? [] : ['--import', 'tsx'];
  cluster.setupPrimary({ exec: entry, execArgv: [...process.execArgv, ...tsx] });

  function serve(worker: Worker) {
    const since = Date.now();
    active = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type !== 'listening' || worker !== active) return;
      log(`worker ${worker.process.pid} serving${crashes > 0 ? ' again' : ''}`);
      // Loaded only now, so that it does not slow the start of the worker it stands in for.
      prepareStandby();
    });
    worker.on('exit', (code, signal) => {
      if (worker !== active) return;
      active = null;
      if (stopping) process.exit(code ?? 0);
      if (code === CONFIG_ERROR_EXIT_CODE) {
        log('the configuration is invalid (see above); not restarting');
        standby?.process.kill('SIGTERM');
        process.exit(1);
      }
      crashes = Date.now() - since >= stableMs ? 1 : crashes + 1;
      if (crashes > maxCrashes) {
        log(`the server crashed ${maxCrashes} times in a row; giving up`);
        standby?.process.kill('SIGTERM');
        process.exit(1);
      }
      const wait = delay(crashes);
      log(`worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); restarting in ${wait} ms`);
      setTimeout(replace, wait);
    });
  }

  /** Standbys that said they wait for the message (before that they would not hear it). */
  const ready = new WeakSet<Worker>();
  let promoteWhenReady: Worker | null = null;
  const promote = (worker: Worker) => worker.send({ type: 'promote' } satisfies SupervisorMessage);

  function replace() {
    if (stopping) return;
    const next = standby;
    standby = null;
    if (!next?.isConnected()) {
      serve(cluster.fork());
      return;
    }
    serve(next);
    // A standby still loading the code is already the fastest way back: promote it once ready.
    if (ready.has(next)) promote(next);
    else promoteWhenReady = next;
  }

  function prepareStandby() {
    if (stopping || standby || standbyCrashes > maxCrashes) return;
    const worker = cluster.fork({ [STANDBY_ENV]: '1' });
    standby = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type !== 'standing-by') return;
      ready.add(worker);
      log(`standby ${worker.process.pid} ready`);
      if (worker === promoteWhenReady) {
        promoteWhenReady = null;
        promote(worker);
      }
    });
    worker.on('exit', (code, signal) => {
      if (worker === active || stopping) return;
      if (worker === standby) standby = null;
      standbyCrashes++;
      log(`standby ${worker.process.pid} died (${signal ?? `exit code ${code}`})`);
      setTimeout(prepareStandby, delay(standbyCrashes));
    });
  }

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    standby?.process.kill('SIGTERM');
    if (!active) process.exit(0);
    // Once: a second signal must not end the worker before it has flushed.
    active?.process.kill(signal);
  }

  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  serve(cluster.fork());
}

if (cluster.isPrimary && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  supervise();
}
