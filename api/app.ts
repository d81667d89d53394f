import { serveStatic } from '@hono/node-server/serve-static';
import { trpcServer } from '@hono/trpc-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { getCookie } from 'hono/cookie';
import {
  badRequestPage,
  notFoundPage,
  serverErrorPage,
  unreadableFormPage,
} from '../site/render/error-pages';
import { renderPage } from '../site/render/render-page';
import { registerSiteRoutes } from '../site/routes';
import { createAdminRestApi, REST_BASE } from './doors/rest';
import { registerAdminConsole } from './doors/routes/admin-console';
import { registerAnalyticsRoutes } from './doors/routes/analytics';
import { registerAuthRoutes } from './doors/routes/auth';
import { registerAvatarRoute } from './doors/routes/avatars';
import { registerHealthRoute } from './doors/routes/health';
import { registerPaymentWebhook } from './doors/routes/payments';
import { registerRealtimeRoutes } from './doors/routes/realtime';
import { registerUploadsRoute } from './doors/routes/uploads';
import { appRouter } from './doors/trpc/routers';
import { analyticsVisit } from './middleware/analytics-visit';
import type { AppEnv } from './middleware/app-env';
import { blockedIpGuard } from './middleware/blocked-ips';
import { bodyLimit } from './middleware/body-limit';
import { DATA_EXCEPTION_MESSAGE, isDataException } from './middleware/database-errors';
import { formInputGuard, UNREADABLE_FORM_MESSAGE } from './middleware/form-input-guard';
import { referralVisits } from './middleware/referral';
import { type AppServices, requestContext } from './middleware/request-context';
import { sameOriginWrites } from './middleware/same-origin-writes';
import { secondFactorGate } from './middleware/second-factor-gate';
import { securityHeaders } from './middleware/security-headers';
import { sessionMiddleware } from './middleware/session';
import { forWritesOnly } from './middleware/writes-only';
import { type AnalyticsIngest, createAnalyticsIngest } from './modules/analytics/ingest/service';
import { createPageCache } from './modules/page-cache/page-cache';
import { watchBlockedIps } from './modules/security/blocked-ips';
import { loadStaffAccess, type StaffAccess } from './modules/staff/access';
import { log } from './platform/logger';
import { MemoRouter } from './platform/memo-router';
import { alreadyReady, type Readiness } from './process/readiness';

/** /text: a plain route through every middleware, what `npm run bench -- ssr` compares with bare Hono. */
const RUNNING_TEXT = 'Campaign HQ is running.';
/** Declared, so the compress middleware sees the answer is under its threshold (it cannot measure a body). */
const RUNNING_TEXT_LENGTH = String(Buffer.byteLength(RUNNING_TEXT));

export interface CreateAppOptions extends AppServices {
  /** Built client files (dist/client); absent in development, where Vite serves them. */
  staticRoot?: string;
  /** Built staff console (dist/admin); absent in development and tests, where Vite serves its sources. */
  adminRoot?: string;
  /** Tracking ingest; by default group commit over the app's database (docs/decisions/0013-ingest-group-commit.md). */
  analytics?: AnalyticsIngest;
  /** What GET /readyz reports; api/main.ts passes its own, built apps in tests are ready at once. */
  readiness?: Readiness;
}

/**
 * The Hono app plus `close()`, which the server calls when it stops (after its last request),
 * and its analytics ingest.
 */
export type CampaignApp = Hono<AppEnv> & { close(): Promise<void>; analytics: AnalyticsIngest };

export function createApp(options: CreateAppOptions): CampaignApp {
  const app = new Hono<AppEnv>({ router: new MemoRouter() });
  const dev = options.config.NODE_ENV === 'development';
  const analytics =
    options.analytics ?? createAnalyticsIngest(options.database.db, { secret: options.config.appSecret });

  const pageCache = createPageCache(options.database);
  // A block or unblock made by any process reaches this one's copy of the list at once.
  const stopWatchingBlocks = watchBlockedIps(options.database);

  app.use(requestContext({ ...options, analytics, pageCache: pageCache.store }));
  app.use(securityHeaders({ dev, ably: Boolean(options.config.ABLY_API_KEY) }));
  // Before anything reads a body: 413 for a body over its route's limit (the beacon and the
  // activity log read their own), and the origin check. Only requests that can change state pay
  // for these.
  app.use(forWritesOnly(bodyLimit(), sameOriginWrites()));
  // Hono's own compression, but not for the tracker's calls: a few dozen bytes sent many times a
  // minute by every open page, which gzip only makes larger (docs/decisions/0080-stock-compression.md).
  const compressed = compress();
  app.use((c, next) => (c.req.path.startsWith('/api/doors/trpc/tracking.') ? next() : compressed(c, next)));
  app.use(sessionMiddleware());
  app.use(secondFactorGate());
  app.use(blockedIpGuard());
  app.use(referralVisits());
  app.use(
    forWritesOnly(
      formInputGuard((c, refusal) => {
        const message = refusal === 'unreadable' ? UNREADABLE_FORM_MESSAGE : DATA_EXCEPTION_MESSAGE;
        if (c.req.path.startsWith('/api/')) return c.json({ error: { code: 'BAD_REQUEST', message } }, 400);
        // Scripts on our pages (the profile picture upload) ask for JSON and show its `error`.
        if (c.req.header('accept')?.includes('application/json')) return c.json({ error: message }, 400);
        return renderPage(c, refusal === 'unreadable' ? unreadableFormPage() : badRequestPage());
      }),
    ),
  );

  if (options.staticRoot) {
    const root = options.staticRoot;
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    for (const path of ['/images/*', '/favicon.svg', '/robots.txt']) {
      app.use(
        path,
        serveStatic({ root, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=86400') }),
      );
    }
  }

  registerHealthRoute(app, options.readiness ?? alreadyReady());
  registerAuthRoutes(app);
  registerAvatarRoute(app);
  registerUploadsRoute(app);
  registerRealtimeRoutes(app);
  registerAnalyticsRoutes(app);
  registerPaymentWebhook(app);
  app.use(
    '/api/doors/trpc/*',
    trpcServer({
      endpoint: '/api/doors/trpc',
      router: appRouter,
      allowMethodOverride: true,
      createContext: (opts, c) => {
        const user = c.get('user');
        let staff: Promise<StaffAccess | null> | undefined;
        return {
          db: c.get('db'),
          config: c.get('config'),
          user,
          sessionId: c.get('sessionId'),
          ip: c.get('ip'),
          resHeaders: opts.resHeaders,
          cookie: (name: string) => getCookie(c, name),
          email: c.get('email'),
          realtime: c.get('realtime'),
          jobs: c.get('jobs'),
          analytics,
          analyticsVisit: () => analyticsVisit(c),
          staff: () => {
            staff ??= user
              ? loadStaffAccess(c.get('db'), user.id, { secondFactor: c.get('secondFactor') })
              : Promise.resolve(null);
            return staff;
          },
        };
      },
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error(`tRPC ${path} failed`, error.cause ?? error);
      },
    }),
  );
  app.get('/text', (c) => c.text(RUNNING_TEXT, 200, { 'Content-Length': RUNNING_TEXT_LENGTH }));
  app.route(REST_BASE, createAdminRestApi().api);
  registerAdminConsole(app, { buildDir: options.adminRoot });

  registerSiteRoutes(app);

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/'))
      return c.json({ error: { code: 'NOT_FOUND', message: 'No such endpoint.' } }, 404);
    return renderPage(c, notFoundPage());
  });
  // The detail of a failure stays in the log; clients get a generic message and never the
  // database's text. A value PostgreSQL refused as data (a form post with a NUL, an id out of
  // range) is the sender's mistake: 400, not 500.
  app.onError((error, c) => {
    const badData = isDataException(error);
    log[badData ? 'warn' : 'error'](`${c.req.method} ${c.req.path} failed`, error);
    if (c.req.path.startsWith('/api/')) {
      return badData
        ? c.json({ error: { code: 'BAD_REQUEST', message: DATA_EXCEPTION_MESSAGE } }, 400)
        : c.json({ error: { code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.' } }, 500);
    }
    return renderPage(c, badData ? badRequestPage() : serverErrorPage());
  });
  // Tracking writes still in flight finish before the database closes; events are answered only
  // once stored, so nothing acknowledged waits in memory (docs/decisions/0013-ingest-group-commit.md).
  const close = async () => {
    await pageCache.close();
    await stopWatchingBlocks();
    await analytics.close();
  };
  return Object.assign(app, { close, analytics });
}
