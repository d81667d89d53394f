import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { type DbHandle, openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { devAssets, manifestAssets } from '../site/server/assets';
import { type CampaignApp, createApp } from './app';
import { startBackgroundJobs } from './doors/queue-handlers';
import { requestEmailDelivery } from './doors/queue-handlers/email-delivery';
import { ConfigError, loadConfig } from './platform/config';
import { createHttpServer } from './platform/http-server';
import { configureLogger, log } from './platform/logger';
import { createEmailPort } from './ports/email';
import { createJobsPort, type JobsPort } from './ports/queue';
import { withAppSecret } from './process/app-secret';
import { Readiness } from './process/readiness';
import { startupGate } from './process/startup-gate';
import { oneStarterAtATime } from './process/startup-lock';
import { defaultsInForce } from './process/startup-notice';
import {
  acceptFromSupervisor,
  CONFIG_ERROR_EXIT_CODE,
  connectionsFromSupervisor,
  type PassedConnections,
  reportListening,
  stopWhenOrphaned,
  waitUntilPromoted,
} from './process/supervisor-protocol';
import { warmUp } from './process/warm-up';
import { seedIfEmpty } from './seed/seed-if-empty';

/** Set by the first stop signal; a start-up step that fails after it is the stop, not a crash. */
let stopping = false;

/**
 * Starts the whole product: config → port (answering "starting") → database (migrated, seeded
 * when empty) → app → caches warmed → ready. GET /readyz says which step a starting process is at.
 */
async function main() {
  const loaded = loadConfig();
  configureLogger(loaded.LOG_LEVEL);
  const readiness = new Readiness();
  const gate = startupGate(readiness);
  const server = createHttpServer();
  server.on('request', (req, res) => gate.listener(req, res));

  // Filled in as start-up goes; a stop during start-up closes what exists.
  let database: DbHandle | undefined;
  let jobs: JobsPort | undefined;
  let app: CampaignApp | undefined;
  let passed: PassedConnections | undefined;
  const shutdown = (signal: string) => {
    log.info(`${signal} received, closing`);
    // The load balancer (and /readyz) stop sending traffic while requests in flight finish.
    readiness.stopping();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve())).then(() =>
      passed?.drained(),
    );
    // Keep-alive sockets would hold close() open; give requests in flight 10 s.
    const patience = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    server.closeIdleConnections();
    // A database that never answers must not keep a stopping process forever.
    setTimeout(() => process.exit(1), 30_000).unref();
    // Then let tracking writes still in flight commit (their callers wait for them), let jobs in
    // flight finish (those that do not within 15 s are failed and retried by another run), and
    // only then close the database.
    Promise.race([stopped, patience])
      .then(() => app?.close())
      .then(() => jobs?.stop({ timeoutMs: 15_000 }))
      .catch((error: unknown) => log.error('closing the app failed', error))
      .finally(() => (database?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
  };
  // Once, whatever arrives: Ctrl-C reaches both the supervisor and this process, and the
  // supervisor passes it on; a second shutdown must not cut the first one's writes short.
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    shutdown(reason);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  stopWhenOrphaned(() => stop('supervisor gone'));

  // Under the supervisor the port is its own and stays open while workers are replaced.
  if (connectionsFromSupervisor()) passed = acceptFromSupervisor(server);
  else await listen(server, loaded.PORT, loaded.HOST);
  readiness.starting('opening the database');
  database = await openDatabase({
    databaseUrl: loaded.DATABASE_URL,
    dataDir: loaded.DATA_DIR,
    maxConnections: loaded.DATABASE_POOL_SIZE,
  });
  readiness.starting('migrating');
  await migrateToLatest(database.db);
  // APP_SECRET, or the one this installation generated and keeps in its database.
  const config = await withAppSecret(loaded, database.db);
  if (config.SEED_DEMO_DATA) {
    readiness.starting('seeding demo data');
    const db = database.db;
    await oneStarterAtATime(database, () => seedIfEmpty(db));
  }
  readiness.starting('starting background jobs');
  // The durable job queue in the same database; this process works its jobs (docs/decisions/0019-job-queue.md).
  // Embedded PGlite is one process, so every job sent wakes its worker at once (the jobs port
  // notifies local workers); polls only find retries and cron jobs, and each poll runs in this
  // thread: 5 s instead of 2 (docs/decisions/0053-local-sends-wake-workers.md).
  jobs = createJobsPort(database, database.engine === 'pglite' ? { pollingIntervalSeconds: 5 } : {});
  const queue = jobs;
  // A message SMTP refused is retried by the email delivery job, with backoff.
  const email = createEmailPort(config, { onUndelivered: () => requestEmailDelivery(queue) });
  await startBackgroundJobs(jobs, {
    db: database.db,
    email,
    analyticsRetentionDays: config.ANALYTICS_RETENTION_DAYS,
    payments: config,
    links: config,
  });

  const dev = config.NODE_ENV === 'development';
  app = createApp({
    config,
    database,
    assets: dev ? devAssets() : manifestAssets(resolve('dist/client')),
    email,
    jobs,
    readiness,
    staticRoot: dev ? undefined : 'dist/client',
    adminRoot: dev ? undefined : 'dist/admin',
  });
  const honoListener = getRequestListener(app.fetch);
  let listener: (req: IncomingMessage, res: ServerResponse) => void = honoListener;
  if (dev) {
    const { createViteDevMiddleware } = await import('./dev/vite-dev');
    const vite = await createViteDevMiddleware(server);
    listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
  }
  readiness.starting('warming caches');
  await warmUp(app, database.db);
  if (stopping) return;
  gate.open(listener);
  readiness.ready();

  const where = database.engine === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  log.info(`Campaign HQ listening on ${config.appUrl} (${config.NODE_ENV}, ${where})`);
  const defaults = defaultsInForce(config, database.engine);
  if (defaults.length > 0) {
    log.info('Defaults in force: fine for a local run; set the variables named before going public', {
      defaults,
    });
  }
  reportListening();
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

// A warm standby of the supervisor has loaded everything above and starts when promoted.
waitUntilPromoted()
  .then(main)
  .catch((error: unknown) => {
    // The database was closed under a step still starting: the shutdown exits when it is done.
    if (stopping) return;
    if (error instanceof ConfigError) {
      console.error(error.message);
      // The supervisor does not restart a worker that refused its configuration.
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
    console.error('Campaign HQ failed to start:', error);
    process.exit(1);
  });
