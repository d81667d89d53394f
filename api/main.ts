import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { openDatabase } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { devAssets, manifestAssets } from '../site/server/assets';
import { createApp } from './app';
import { withAppSecret } from './app-secret';
import { startBackgroundJobs } from './jobs';
import { requestEmailDelivery } from './jobs/email-delivery';
import { ConfigError, loadConfig } from './platform/config';
import { configureLogger, log } from './platform/logger';
import { createEmailPort } from './ports/email';
import { createJobsPort } from './ports/jobs';
import { seedIfEmpty } from './seed/seed-if-empty';
import { defaultsInForce } from './startup-notice';
import {
  CONFIG_ERROR_EXIT_CODE,
  reportListening,
  stopWhenOrphaned,
  waitUntilPromoted,
} from './supervisor-protocol';

/** Starts the whole product: config → database (migrated, seeded when empty) → HTTP server. */
async function main() {
  const loaded = loadConfig();
  configureLogger(loaded.LOG_LEVEL);
  const database = await openDatabase({ databaseUrl: loaded.DATABASE_URL, dataDir: loaded.DATA_DIR });
  await migrateToLatest(database.db);
  // APP_SECRET, or the one this installation generated and keeps in its database.
  const config = await withAppSecret(loaded, database.db);
  if (config.SEED_DEMO_DATA) await seedIfEmpty(database.db);
  // The durable job queue in the same database; this process works its jobs (decision 0019).
  const jobs = createJobsPort(database);
  // A message SMTP refused is retried by the email delivery job, with backoff.
  const email = createEmailPort(config, { onUndelivered: () => requestEmailDelivery(jobs) });
  await startBackgroundJobs(jobs, {
    db: database.db,
    email,
    analyticsRetentionDays: config.ANALYTICS_RETENTION_DAYS,
    payments: config,
    links: config,
  });

  const dev = config.NODE_ENV === 'development';
  const app = createApp({
    config,
    database,
    assets: dev ? devAssets() : manifestAssets(resolve('dist/client')),
    email,
    jobs,
    staticRoot: dev ? undefined : 'dist/client',
    adminRoot: dev ? undefined : 'dist/admin',
  });
  const honoListener = getRequestListener(app.fetch);

  const server = createServer();
  let listener: (req: IncomingMessage, res: ServerResponse) => void = honoListener;
  if (dev) {
    const { createViteDevMiddleware } = await import('./dev/vite-dev');
    const vite = await createViteDevMiddleware(server);
    listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
  }
  server.on('request', listener);
  server.listen(config.PORT, config.HOST, () => {
    const where = database.engine === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
    log.info(`Campaign HQ listening on ${config.appUrl} (${config.NODE_ENV}, ${where})`);
    const defaults = defaultsInForce(config, database.engine);
    if (defaults.length > 0) {
      log.info('Defaults in force: fine for a local run; set the variables named before going public', {
        defaults,
      });
    }
    reportListening();
  });

  const shutdown = (signal: string) => {
    log.info(`${signal} received, closing`);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    // Keep-alive sockets would hold close() open; give requests in flight 10 s.
    const patience = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    server.closeIdleConnections();
    // A database that never answers must not keep a stopping process forever.
    setTimeout(() => process.exit(1), 30_000).unref();
    // Then let tracking writes still in flight commit (their callers wait for them), let jobs in
    // flight finish (those that do not within 15 s are failed and retried by another run), and
    // only then close the database.
    Promise.race([stopped, patience])
      .then(() => app.close())
      .then(() => jobs.stop({ timeoutMs: 15_000 }))
      .catch((error: unknown) => log.error('closing the app failed', error))
      .finally(() => database.close().finally(() => process.exit(0)));
  };
  // Once, whatever arrives: Ctrl-C reaches both the supervisor and this process, and the
  // supervisor passes it on; a second shutdown must not cut the first one's writes short.
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    shutdown(reason);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  stopWhenOrphaned(() => stop('supervisor gone'));
}

// A warm standby of the supervisor has loaded everything above and starts when promoted.
waitUntilPromoted()
  .then(main)
  .catch((error: unknown) => {
    if (error instanceof ConfigError) {
      console.error(error.message);
      // The supervisor does not restart a worker that refused its configuration.
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
    console.error('Campaign HQ failed to start:', error);
    process.exit(1);
  });
