import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import type { DbHandle } from '../../db/client';
import type { AssetResolver } from '../../site/server/assets';
import type { AnalyticsIngest } from '../modules/analytics/ingest/service';
import type { PageStore } from '../modules/page-cache/store';
import type { Config } from '../platform/config';
import { requestHeader } from '../platform/request-header';
import type { EmailPort } from '../ports/email';
import { createFilesPort, type FilesPort } from '../ports/files';
import { createJobsPort, type JobsPort } from '../ports/queue';
import { createRealtimePort, type RealtimePort } from '../ports/realtime';
import type { AppEnv } from './app-env';

export interface AppServices {
  config: Config;
  database: DbHandle;
  assets: AssetResolver;
  email: EmailPort;
  /** Uploaded files; local disk under DATA_DIR when not given. */
  files?: FilesPort;
  /** Live events; local SSE + LISTEN/NOTIFY unless ABLY_API_KEY is set. */
  realtime?: RealtimePort;
  /**
   * The job queue, for sending work and the console's view of it. When not given, one over the
   * app's database that works no job (no workers, no cron): only api/main.ts starts workers.
   */
  jobs?: JobsPort;
}

export function requestContext(services: AppServices & { analytics: AnalyticsIngest; pageCache: PageStore }) {
  const files = services.files ?? createFilesPort(services.config);
  const realtime = services.realtime ?? createRealtimePort(services.config, services.database);
  const jobs = services.jobs ?? createJobsPort(services.database, { supervise: false });
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('config', services.config);
    c.set('database', services.database);
    c.set('db', services.database.db);
    c.set('assets', services.assets);
    c.set('email', services.email);
    c.set('files', files);
    c.set('realtime', realtime);
    c.set('jobs', jobs);
    c.set('analytics', services.analytics);
    c.set('pageCache', services.pageCache);
    c.set('user', null);
    c.set('sessionId', null);
    c.set('sessionExpires', null);
    c.set('secondFactor', false);
    c.set('secondFactorOwed', false);
    c.set('ip', clientIp(c, services.config.TRUST_PROXY));
    await next();
  });
}

function clientIp(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const hops = requestHeader(c, 'x-forwarded-for')?.split(',');
    const last = hops?.[hops.length - 1]?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in tests has no socket.
    return 'local';
  }
}
