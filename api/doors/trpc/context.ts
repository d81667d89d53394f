import type { Db } from '../../../db/client';
import type { SessionUser } from '../../contract/session-user';
import type { AnalyticsIngest, Visit } from '../../modules/analytics/ingest/service';
import type { StaffAccess } from '../../modules/staff/access';
import type { Config } from '../../platform/config';
import type { EmailPort } from '../../ports/email';
import type { JobsPort } from '../../ports/queue';
import type { RealtimePort } from '../../ports/realtime';

/** What every procedure receives. Built once per request by the Hono adapter. */
export interface TrpcContext {
  db: Db;
  config: Config;
  user: SessionUser | null;
  /** Hash of the caller's session token (password changes keep this session, end the others). */
  sessionId: string | null;
  /** Client address as seen by the rate limiter and audit log. */
  ip: string;
  resHeaders: Headers;
  /** A request cookie by name (shop.startCheckout reads the checkout cookie). */
  cookie: (name: string) => string | undefined;
  email: EmailPort;
  realtime: RealtimePort;
  /** The background queue: a procedure asks it for work due now (events' messages). */
  jobs: JobsPort;
  /** Tracking events go through this buffer (tracking.* procedures). */
  analytics: AnalyticsIngest;
  /** The analytics caller (cookie, address, user agent, user); read by tracking.* only. */
  analyticsVisit: () => Visit;
  /** Loaded on first use and kept for the request. */
  staff: () => Promise<StaffAccess | null>;
}
