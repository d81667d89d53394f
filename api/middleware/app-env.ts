import type { DbHandle } from '../../db/client';
import type { AssetResolver } from '../../site/server/assets';
import type { SessionUser } from '../contract/session-user';
import type { AnalyticsIngest } from '../modules/analytics/ingest/service';
import type { PageStore } from '../modules/page-cache/store';
import type { Config } from '../platform/config';
import type { EmailPort } from '../ports/email';
import type { FilesPort } from '../ports/files';
import type { JobsPort } from '../ports/queue';
import type { RealtimePort } from '../ports/realtime';

/** Hono's typed per-request variables, set by api/middleware/request-context.ts. */
export interface AppEnv {
  Variables: {
    config: Config;
    database: DbHandle;
    db: DbHandle['db'];
    assets: AssetResolver;
    user: SessionUser | null;
    /** Hash of the session token; set with user. */
    sessionId: string | null;
    sessionExpires: Date | null;
    /** The session proved a second factor; staff permissions need it (api/modules/staff/access.ts). */
    secondFactor: boolean;
    /** A member the members' two-factor toggle holds until they set it up (api/middleware/second-factor-gate.ts). */
    secondFactorOwed: boolean;
    email: EmailPort;
    files: FilesPort;
    realtime: RealtimePort;
    /** The background job queue (api/ports/queue). */
    jobs: JobsPort;
    ip: string;
    /** Buffered tracking events (created and closed by createApp). */
    analytics: AnalyticsIngest;
    /** Rendered visitor pages (api/middleware/visitor-page-cache.ts, docs/decisions/0025-visitor-page-cache.md). */
    pageCache: PageStore;
  };
}
