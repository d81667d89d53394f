import { type Kysely, sql } from 'kysely';
import type { Db } from '../../../../db/client';
import type { Database } from '../../../../db/schema';
import type { Batch, PageViewEnd, SessionWrite } from './events';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table (15 columns). */
const ROWS_PER_STATEMENT = 1000;

/**
 * Writes one batch in a single transaction, so a failed batch stored nothing and can be retried
 * or split (group-commit.ts) without duplicating rows. Order matters: sessions and page views
 * first, then page-view ends, then exits are corrected.
 */
export async function writeBatch(db: Db, batch: Batch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const knownUsers = await existingUsers(trx, batch);
    const userOrNull = (id: number | null) => (id !== null && knownUsers.has(id) ? id : null);

    for (const rows of chunks(mergeSessions(batch.sessions))) {
      await trx
        .insertInto('analytics_sessions')
        .values(
          rows.map((s) => ({
            id: s.id,
            user_id: userOrNull(s.userId),
            visitor_hash: s.visitorHash,
            referrer: s.referrer,
            utm_source: s.utmSource,
            utm_medium: s.utmMedium,
            utm_campaign: s.utmCampaign,
            utm_term: s.utmTerm,
            utm_content: s.utmContent,
            started_at: s.startedAt,
            last_seen_at: s.lastSeenAt,
          })),
        )
        // The first write of a session keeps its landing referrer and campaign; later writes
        // (another process adopting the cookie, a heartbeat) only move last_seen and attach the user.
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            last_seen_at: sql`GREATEST(analytics_sessions.last_seen_at, excluded.last_seen_at)`,
            user_id: sql`COALESCE(excluded.user_id, analytics_sessions.user_id)`,
          }),
        )
        .execute();
    }

    for (const rows of chunks(batch.pageViews)) {
      await trx
        .insertInto('analytics_page_views')
        .values(
          rows.map((p) => ({
            id: p.id,
            session_id: p.sessionId,
            user_id: p.userId,
            path: p.path,
            url: p.url,
            title: p.title,
            referrer: p.referrer,
            utm_source: p.utmSource,
            utm_medium: p.utmMedium,
            utm_campaign: p.utmCampaign,
            utm_term: p.utmTerm,
            utm_content: p.utmContent,
            started_at: p.startedAt,
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }

    for (const rows of chunks(batch.clicks)) {
      await trx
        .insertInto('analytics_clicks')
        .values(
          rows.map((c) => ({
            session_id: c.sessionId,
            user_id: c.userId,
            path: c.path,
            selector: c.selector,
            label: c.label,
            x: c.x,
            y: c.y,
            window_width: c.windowWidth,
            window_height: c.windowHeight,
            is_normalized: c.isNormalized,
            created_at: c.createdAt,
          })),
        )
        .execute();
    }

    // user_activity references users: activity of an account deleted meanwhile is dropped
    // rather than refused (which would cost the batch a split).
    const activity = batch.activity.filter((a) => knownUsers.has(a.userId));
    for (const rows of chunks(activity)) {
      await trx
        .insertInto('user_activity')
        .values(rows.map((a) => ({ user_id: a.userId, path: a.path, created_at: a.createdAt })))
        .execute();
    }

    await applyEnds(trx, batch.ends);
    await clearEarlierExits(trx, batch);
  });
}

async function existingUsers(trx: Kysely<Database>, batch: Batch): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const s of batch.sessions) if (s.userId !== null) ids.add(s.userId);
  for (const a of batch.activity) ids.add(a.userId);
  if (ids.size === 0) return ids;
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** One row per session id: a multi-row upsert may not touch the same row twice. */
function mergeSessions(sessions: SessionWrite[]): SessionWrite[] {
  const byId = new Map<string, SessionWrite>();
  for (const s of sessions) {
    const seen = byId.get(s.id);
    if (!seen) byId.set(s.id, { ...s });
    else {
      if (s.lastSeenAt > seen.lastSeenAt) seen.lastSeenAt = s.lastSeenAt;
      if (s.userId !== null) seen.userId = s.userId;
    }
  }
  return [...byId.values()];
}

/**
 * Sets duration and end time, only where the page view belongs to the session that sent the
 * end; any other end changes nothing. Its page view is always stored already: the client learns
 * a page view's id only once its row is committed. A page view is an exit only if no later page
 * view of its session exists. The last end sent for a page view wins (a tab hidden, shown again,
 * then left sends two).
 */
async function applyEnds(trx: Kysely<Database>, ends: PageViewEnd[]): Promise<void> {
  if (ends.length === 0) return;
  const last = new Map<string, PageViewEnd>();
  for (const e of ends) last.set(e.pageViewId, e);
  for (const rows of chunks([...last.values()])) {
    const values = sql.join(
      rows.map(
        (e) =>
          sql`(${e.pageViewId}::uuid, ${e.sessionId}::uuid, ${e.durationMs}::int, ${e.isExit}::boolean, ${e.endedAt}::timestamptz)`,
      ),
    );
    await sql`
      UPDATE analytics_page_views AS pv
      SET duration_ms = v.duration_ms,
          ended_at = v.ended_at,
          is_exit = v.is_exit AND NOT EXISTS (
            SELECT 1 FROM analytics_page_views later
            WHERE later.session_id = pv.session_id AND later.started_at > pv.started_at
          )
      FROM (VALUES ${values}) AS v(id, session_id, duration_ms, is_exit, ended_at)
      WHERE pv.id = v.id AND pv.session_id = v.session_id`.execute(trx);
  }
}

/** A page view followed by another of its session was not the exit, whatever its end said. */
async function clearEarlierExits(trx: Kysely<Database>, batch: Batch): Promise<void> {
  if (batch.pageViews.length === 0) return;
  const latest = new Map<string, Date>();
  for (const p of batch.pageViews) {
    const seen = latest.get(p.sessionId);
    if (!seen || p.startedAt > seen) latest.set(p.sessionId, p.startedAt);
  }
  for (const rows of chunks([...latest])) {
    const values = sql.join(rows.map(([id, at]) => sql`(${id}::uuid, ${at}::timestamptz)`));
    await sql`
      UPDATE analytics_page_views AS pv SET is_exit = false
      FROM (VALUES ${values}) AS v(session_id, latest)
      WHERE pv.session_id = v.session_id AND pv.started_at < v.latest AND pv.is_exit`.execute(trx);
  }
}

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) yield rows.slice(i, i + ROWS_PER_STATEMENT);
}
