import type { Db } from '../../../../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes raw analytics older than the retention period (ANALYTICS_RETENTION_DAYS). The daily
 * rollups keep the aggregates; raw rows are what could identify a visit, so they do not stay forever.
 */
export async function pruneAnalytics(db: Db, now: Date, retentionDays: number): Promise<void> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  await db.deleteFrom('analytics_clicks').where('created_at', '<', cutoff).execute();
  await db.deleteFrom('analytics_click_signals').where('created_at', '<', cutoff).execute();
  await db.deleteFrom('analytics_page_views').where('started_at', '<', cutoff).execute();
  await db.deleteFrom('user_activity').where('created_at', '<', cutoff).execute();
  await db.deleteFrom('analytics_sessions').where('last_seen_at', '<', cutoff).execute();
  await db.deleteFrom('analytics_rejected_events').where('rejected_at', '<', cutoff).execute();
}
