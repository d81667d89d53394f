import { sql } from 'kysely';
import type { Db } from '../../../../db/client';
import { dayStart, daysBetween, utcDay } from '../../../contract/day-ranges';
import { rollupClickCells } from './click-rollup';

/**
 * Daily rollups of the raw analytics tables (migration 0008): what the console's analytics
 * screen reads, so its cost depends on the number of days shown, not on the number of events.
 *
 * A day is a UTC calendar day ('YYYY-MM-DD'). Rolling a day up recomputes its rows from the raw
 * tables, then its month's page rows (analytics_monthly_pages) from the month's daily page rows:
 * delete + insert in one transaction, under an advisory lock on the month, so reruns give the
 * same rows and two processes rolling up days of the same month take turns (the month's sums
 * must see every day's committed rows). Days are rolled up in order, so a caller's transaction
 * holding several months' locks takes them in the same order as everyone else.
 * Page views belong to the day they started; sessions (and their referrer and campaign) to the
 * day they started.
 */

const DAY_MS = 86_400_000;
// Any constant: the first half of the advisory lock key, the month number is the second.
const ROLLUP_LOCK_KEY = 727_202_627;
/** Longest path or source value kept in a rollup key (btree keys must stay small). */
const MAX_KEY_LENGTH = 500;

/** Recomputes the rollup rows of each given day (one transaction per day, or the caller's). */
export async function rollupDays(db: Db, days: readonly string[]): Promise<void> {
  for (const day of [...new Set(days)].sort()) await rollupDay(db, day);
}

/** Rebuilds every day from `from` to `to` (both included), e.g. after a backfill or a bug fix. */
export async function rebuildRollups(db: Db, from: string, to: string): Promise<number> {
  const days = daysBetween(from, to);
  await rollupDays(db, days);
  return days.length;
}

/** Today and yesterday (UTC): what the maintenance job keeps current every few minutes. */
export async function rollupRecentDays(db: Db, now = new Date()): Promise<void> {
  await rollupDays(db, [utcDay(new Date(now.getTime() - DAY_MS)), utcDay(now)]);
}

/** The first day of `day`'s month, and of the month after it. */
export function monthOf(day: string): { month: string; next: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { month: `${day.slice(0, 7)}-01`, next };
}

async function rollupDay(db: Db, day: string): Promise<void> {
  const start = dayStart(day);
  const end = new Date(start.getTime() + DAY_MS);
  const { month, next } = monthOf(day);
  // Inside a caller's transaction (the demo seed, api/seed) the day is rolled up as part of it.
  const inTransaction = <T>(work: (trx: Db) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    const monthNumber = start.getUTCFullYear() * 12 + start.getUTCMonth();
    await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK_KEY}, ${monthNumber})`.execute(trx);
    for (const table of [
      'analytics_daily_totals',
      'analytics_daily_pages',
      'analytics_daily_sources',
    ] as const) {
      await trx.deleteFrom(table).where('day', '=', day).execute();
    }

    await sql`
      INSERT INTO analytics_daily_totals (day, page_views, sessions, visitors, total_duration_ms, timed_views)
      SELECT ${day}::date, v.page_views, s.sessions, s.visitors, v.total_duration_ms, v.timed_views
      FROM (
        SELECT count(*)::int AS page_views,
               coalesce(sum(duration_ms), 0)::bigint AS total_duration_ms,
               count(duration_ms)::int AS timed_views
        FROM analytics_page_views
        WHERE started_at >= ${start} AND started_at < ${end}
      ) v, (
        SELECT count(*)::int AS sessions, count(DISTINCT visitor_hash)::int AS visitors
        FROM analytics_sessions
        WHERE started_at >= ${start} AND started_at < ${end}
      ) s`.execute(trx);

    await sql`
      INSERT INTO analytics_daily_pages (day, path, page_views, exits, total_duration_ms, timed_views)
      SELECT ${day}::date, left(path, ${MAX_KEY_LENGTH}), count(*)::int,
             count(*) FILTER (WHERE is_exit)::int,
             coalesce(sum(duration_ms), 0)::bigint, count(duration_ms)::int
      FROM analytics_page_views
      WHERE started_at >= ${start} AND started_at < ${end}
      GROUP BY 2`.execute(trx);

    // Referrers by host ('' = direct or unknown), campaigns by utm_campaign with source and medium.
    await sql`
      INSERT INTO analytics_daily_sources (day, kind, value, source, medium, sessions)
      SELECT ${day}::date, 'referrer', host, '', '', count(*)::int
      FROM (
        SELECT coalesce(
                 left(substring(lower(referrer) from '^[a-z][a-z0-9+.-]*://(?:[^/@]*@)?(?:www\\.)?([^/:?#]+)'),
                      ${MAX_KEY_LENGTH}),
                 '') AS host
        FROM analytics_sessions
        WHERE started_at >= ${start} AND started_at < ${end}
      ) r
      GROUP BY host`.execute(trx);

    await sql`
      INSERT INTO analytics_daily_sources (day, kind, value, source, medium, sessions)
      SELECT ${day}::date, 'campaign', campaign, source, medium, count(*)::int
      FROM (
        SELECT left(btrim(utm_campaign), ${MAX_KEY_LENGTH}) AS campaign,
               left(coalesce(btrim(utm_source), ''), ${MAX_KEY_LENGTH}) AS source,
               left(coalesce(btrim(utm_medium), ''), ${MAX_KEY_LENGTH}) AS medium
        FROM analytics_sessions
        WHERE started_at >= ${start} AND started_at < ${end}
          AND utm_campaign IS NOT NULL AND btrim(utm_campaign) <> ''
      ) c
      GROUP BY campaign, source, medium`.execute(trx);

    await rollupClickCells(trx, day, start, end);

    await trx.deleteFrom('analytics_monthly_pages').where('month', '=', month).execute();
    await sql`
      INSERT INTO analytics_monthly_pages (month, path, page_views, exits, total_duration_ms, timed_views)
      SELECT ${month}::date, path, sum(page_views), sum(exits), sum(total_duration_ms), sum(timed_views)
      FROM analytics_daily_pages
      WHERE day >= ${month}::date AND day < ${next}::date
      GROUP BY path`.execute(trx);
  });
}
