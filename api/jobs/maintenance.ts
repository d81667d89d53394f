import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { pruneAnalytics } from '../modules/analytics/ingest/retention';
import { rollupRecentDays } from '../modules/analytics/reports/rollup';
import { pruneRateLimitCounters } from '../modules/rate-limits/service';
import { expireReservations } from '../modules/shop/orders';
import { DEFAULT_ANALYTICS_RETENTION_DAYS } from '../platform/config';
import { log } from '../platform/logger';
import { deliverAfterCommit, type EmailPort } from '../ports/email';

const HOUR_MS = 60 * 60 * 1000;

export interface MaintenanceOptions {
  /** config.ANALYTICS_RETENTION_DAYS */
  analyticsRetentionDays?: number;
  /** Delivers email that transactions queued (SMTP); the outbox adapter has none. */
  email?: EmailPort;
}

/**
 * Releases stock reservations past their 30 minutes, and deletes what no request will read
 * again: rate-limit windows older than a day, expired sessions, email tokens a week past their
 * expiry, presence rows no heartbeat refreshed for an hour, raw analytics past their retention;
 * then delivers email left queued and refreshes the recent analytics rollups.
 * Safe to run from every process at once.
 */
export async function runMaintenance(
  db: Db,
  now = new Date(),
  options: MaintenanceOptions = {},
): Promise<void> {
  await expireReservations(db, now);
  await pruneRateLimitCounters(db, new Date(now.getTime() - 24 * HOUR_MS));
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('email_tokens')
    .where('expires_at', '<', sql<Date>`${new Date(now.getTime() - 7 * 24 * HOUR_MS)}`)
    .execute();
  // Presence rows of closed streams or stopped processes (api/modules/presence).
  await db
    .deleteFrom('online_presence')
    .where('seen_at', '<', new Date(now.getTime() - HOUR_MS))
    .execute();
  await pruneAnalytics(db, now, options.analyticsRetentionDays ?? DEFAULT_ANALYTICS_RETENTION_DAYS);
  // Email queued by a transaction whose process stopped before delivering it.
  if (options.email) await deliverAfterCommit(db, options.email);
  // Analytics screen: today's and yesterday's daily rollups, at most one run (5 min) behind.
  await rollupRecentDays(db, now);
}

/** Runs maintenance every `intervalMs` without keeping the process alive on shutdown. */
/** Every 5 minutes, so a 30-minute stock reservation is released at most 5 minutes late. */
export function scheduleMaintenance(
  db: Db,
  intervalMs = 5 * 60 * 1000,
  options: MaintenanceOptions = {},
): () => void {
  const timer = setInterval(() => {
    runMaintenance(db, new Date(), options).catch((error: unknown) => log.error('maintenance failed', error));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
