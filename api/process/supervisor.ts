import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../platform/config';
import { serverNodeFlags } from './server-node-flags';
import { listenForWorkers } from './supervisor-listener';
import {
  CONFIG_ERROR_EXIT_CODE,
  STANDBY_ENV,
  SUPERVISOR_PORT_ENV,
  type SupervisorMessage,
  type WorkerMessage,
} from './supervisor-protocol';
import { workerPlan } from './worker-count';

/**
 * `npm start` runs this: server processes (api/main.ts, node:cluster workers) under a supervisor
 * that replaces each one that crashes (docs/decisions/0038-several-workers-and-instances.md).
 *
 * - On PostgreSQL, one worker per core (WORKERS overrides). The supervisor listens on the port for
 *   as long as it runs and hands connections round robin to the workers that accept them
 *   (api/process/supervisor-listener.ts); while none does (every worker died at once) they wait instead of
 *   being refused. Each worker holds the requests it gets while it starts and serves them once
 *   ready (api/process/startup-gate.ts).
 * - With one worker (always on PGlite: its data directory belongs to one process,
 *   docs/decisions/0012-runtime-survives-database-and-safe-defaults.md) a second one waits as a
 *   warm standby (code loaded, no database) and takes over when the first dies, so a crash costs
 *   well under a second on PostgreSQL instead of a cold start. With several, the others serve while
 *   a crashed one is forked again, so no standby is kept.
 * - A crash is replaced at once; crashes in a row of one slot (a worker that dies within STABLE_MS
 *   of its start) back off, doubling from RESTART_DELAY_MS up to MAX_DELAY_MS, and after
 *   MAX_CRASHES in a row the supervisor stops every worker and exits 1. A configuration error
 *   (exit 78) is not retried.
 * - SIGINT/SIGTERM are passed to every worker once; each stops taking requests (/readyz turns 503),
 *   drains those in flight, flushes analytics and closes the database; the supervisor exits when
 *   all have, with 0 when all exited 0. A worker whose supervisor disappears stops too.
 */
export interface SupervisorOptions {
  /** Where visitors connect (PORT, HOST); 0 takes a free port. */
  port: number;
  host: string;
  /** The worker's entry, run with tsx. */
  entry?: string;
  /** Workers that serve at once (default 1). */
  workers?: number;
  /** Keep a warm standby (only meaningful with one worker; default: when workers is 1). */
  standby?: boolean;
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

export async function supervise(options: SupervisorOptions) {
  const entry = options.entry ?? fileURLToPath(new URL('../main.ts', import.meta.url));
  const log = options.log ?? ((message: string) => console.error(`[supervisor] ${message}`));
  const stableMs = options.stableMs ?? STABLE_MS;
  const maxCrashes = options.maxCrashes ?? MAX_CRASHES;
  const count = Math.max(1, options.workers ?? 1);
  const keepStandby = options.standby ?? count === 1;
  const delay = (crashes: number) => restartDelay(crashes, options.restartDelayMs, options.maxDelayMs);
  let standbyCrashes = 0;
  let stopping = false;
  let exitCode = 0;
  /** One slot per serving worker; its crashes in a row decide its restart delay. */
  const slots = Array.from({ length: count }, () => ({ worker: null as Worker | null, crashes: 0 }));
  let standby: Worker | null = null;

  // Workers run TypeScript as this process does: through tsx, whether it came as `tsx file` or
  // `node --import tsx file`; and with the server's V8 flags (api/process/server-node-flags.ts).
  const tsx = process.execArgv.some((arg) => arg.includes('tsx')) ? [] : ['--import', 'tsx'];
  const v8Flags = serverNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
  cluster.setupPrimary({ exec: entry, execArgv: [...process.execArgv, ...v8Flags, ...tsx] });

  const serving = () => slots.filter((slot) => slot.worker).length;
  const port = await listenForWorkers({ port: options.port, host: options.host });
  // Workers take their connections from the port above instead of listening.
  const fork = (env: Record<string, string> = {}) => cluster.fork({ ...env, [SUPERVISOR_PORT_ENV]: '1' });
  cluster.on('message', (worker, message: WorkerMessage) => {
    if (message?.type === 'accepting' && !stopping) port.accepting(worker);
  });
  cluster.on('exit', (worker) => port.gone(worker));

  function giveUp(message: string) {
    log(message);
    stopping = true;
    standby?.process.kill('SIGTERM');
    for (const slot of slots) slot.worker?.process.kill('SIGTERM');
    process.exit(1);
  }

  function serve(slot: (typeof slots)[number], worker: Worker) {
    const since = Date.now();
    slot.worker = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type !== 'listening' || worker !== slot.worker) return;
      log(`worker ${worker.process.pid} serving${slot.crashes > 0 ? ' again' : ''}`);
      // Loaded only now, so that it does not slow the start of the worker it stands in for.
      if (keepStandby) prepareStandby();
    });
    worker.on('exit', (code, signal) => {
      if (worker !== slot.worker) return;
      slot.worker = null;
      if (stopping) {
        if (code !== 0) exitCode = code ?? 1;
        if (serving() === 0) process.exit(exitCode);
        return;
      }
      if (code === CONFIG_ERROR_EXIT_CODE) giveUp('the configuration is invalid (see above); not restarting');
      slot.crashes = Date.now() - since >= stableMs ? 1 : slot.crashes + 1;
      if (slot.crashes > maxCrashes) giveUp(`the server crashed ${maxCrashes} times in a row; giving up`);
      const wait = delay(slot.crashes);
      log(`worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); restarting in ${wait} ms`);
      setTimeout(() => replace(slot), wait);
    });
  }

  /** Standbys that said they wait for the message (before that they would not hear it). */
  const ready = new WeakSet<Worker>();
  let promoteWhenReady: Worker | null = null;
  const promote = (worker: Worker) => worker.send({ type: 'promote' } satisfies SupervisorMessage);

  function replace(slot: (typeof slots)[number]) {
    if (stopping) return;
    const next = standby;
    standby = null;
    if (!next?.isConnected()) {
      serve(slot, fork());
      return;
    }
    serve(slot, next);
    // A standby still loading the code is already the fastest way back: promote it once ready.
    if (ready.has(next)) promote(next);
    else promoteWhenReady = next;
  }

  function prepareStandby() {
    if (stopping || standby || standbyCrashes > maxCrashes) return;
    const worker = fork({ [STANDBY_ENV]: '1' });
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
      if (slots.some((slot) => slot.worker === worker) || stopping) return;
      if (worker === standby) standby = null;
      standbyCrashes++;
      log(`standby ${worker.process.pid} died (${signal ?? `exit code ${code}`})`);
      setTimeout(prepareStandby, delay(standbyCrashes));
    });
  }

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    // New visitors are refused from now on, as a stopped server's would be.
    port.close();
    standby?.process.kill('SIGTERM');
    if (serving() === 0) process.exit(0);
    // Once: a second signal must not end a worker before it has flushed.
    for (const slot of slots) slot.worker?.process.kill(signal);
  }

  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (const slot of slots) serve(slot, fork());
}

if (cluster.isPrimary && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const config = loadConfig();
    const plan = workerPlan(config);
    console.error(`[supervisor] ${plan.summary}`);
    await supervise({ workers: plan.workers, standby: plan.standby, port: config.PORT, host: config.HOST });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
