import type { Db } from '../../../db/client';
import { deleteExpiredEmailTokens, deleteExpiredSessions } from '../../modules/accounts/expired-rows';
import { pruneAnalytics } from '../../modules/analytics/ingest/retention';
import { rollupRecentDays } from '../../modules/analytics/reports/rollup';
import { foldOldClicks } from '../../modules/mass-email/link-clicks';
import { pruneStalePresence } from '../../modules/presence/prune';
import { pruneRateLimitCounters } from '../../modules/rate-limits/service';
import { expireReservations } from '../../modules/shop/orders';
import { DEFAULT_ANALYTICS_RETENTION_DAYS } from '../../platform/config';
import type { EmailPort } from '../../ports/email';
import { pruneTestCheckouts } from '../../ports/payments/test-gateway-checkouts';
import type { JobsPort } from '../../ports/queue';
import { pruneProgress } from '../../ports/queue/progress';
import { requestEmailDelivery } from './email-delivery';

const HOUR_MS = 60 * 60 * 1000;

export const MAINTENANCE_QUEUE = 'maintenance';
/** Every 5 minutes, so a 30-minute stock reservation is released at most 5 minutes late. */
export const MAINTENANCE_CRON = '*/5 * * * *';

export interface MaintenanceOptions {
  /** config.ANALYTICS_RETENTION_DAYS */
  analyticsRetentionDays?: number;
}

/**
 * Releases stock reservations past their 30 minutes, and deletes what no request will read
 * again: rate-limit windows older than a day, expired sessions, email tokens a week past their
 * expiry, presence rows no heartbeat refreshed for an hour, raw analytics past their retention,
 * progress of jobs a week old, the test gateway's checkouts a week past their expiry; then
 * refreshes the recent analytics rollups.
 * Safe to run from every process at once (the schedule runs it on one).
 */
export async function runMaintenance(
  db: Db,
  now = new Date(),
  options: MaintenanceOptions = {},
): Promise<void> {
  await expireReservations(db, now);
  await pruneRateLimitCounters(db, new Date(now.getTime() - 24 * HOUR_MS));
  await deleteExpiredSessions(db, now);
  await deleteExpiredEmailTokens(db, new Date(now.getTime() - 7 * 24 * HOUR_MS));
  // Presence rows of closed streams or stopped processes (api/modules/presence).
  await pruneStalePresence(db, new Date(now.getTime() - HOUR_MS));
  await pruneAnalytics(db, now, options.analyticsRetentionDays ?? DEFAULT_ANALYTICS_RETENTION_DAYS);
  await pruneProgress(db, new Date(now.getTime() - 7 * 24 * HOUR_MS));
  await pruneTestCheckouts(db, new Date(now.getTime() - 7 * 24 * HOUR_MS));
  // Mass email clicks past 13 months: only their links' totals stay.
  await foldOldClicks(db, now);
  // Analytics screen: today's and yesterday's daily rollups, at most one run (5 min) behind.
  await rollupRecentDays(db, now);
}

/**
 * Maintenance as a scheduled job: pg-boss queues one run per 5-minute slot across every instance,
 * and one worker takes it. A run also asks for an email delivery run when messages wait (a process
 * that stopped between a commit and its delivery), which the delivery job then retries.
 */
export async function registerMaintenance(
  jobs: JobsPort,
  deps: { db: Db; email: EmailPort; analyticsRetentionDays?: number },
  pollingIntervalSeconds?: number,
): Promise<void> {
  // A missed run is replaced by the next slot's: no retries, and at most one waiting.
  await jobs.defineQueue(MAINTENANCE_QUEUE, { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 });
  await jobs.work(
    MAINTENANCE_QUEUE,
    async () => {
      await runMaintenance(deps.db, new Date(), { analyticsRetentionDays: deps.analyticsRetentionDays });
      if ((await deps.email.undelivered(deps.db)) > 0) requestEmailDelivery(jobs);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(MAINTENANCE_QUEUE, MAINTENANCE_CRON);
}
