import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../../db/client';
import type { Database } from '../../../../db/schema';
import type { Batch, PageViewEnd, SessionWrite } from './events';

/**
 * Writes one batch in a single transaction, so a failed batch stored nothing and can be retried
 * or split (group-commit.ts) without duplicating rows. Order matters: sessions and page views
 * first, then page-view ends, then exits are corrected.
 *
 * Each table's rows travel as one JSON parameter read by json_to_recordset, not as a multi-row
 * VALUES list: the statement text is the same whatever the batch size, so PostgreSQL parses and
 * plans it once per connection (postgres.js prepares every statement), and there is no
 * 65,535-parameter limit to chunk around. Group commit writes many small batches of varying size,
 * where a VALUES list would be a new statement almost every time.
 */
export async function writeBatch(db: Db, batch: Batch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const knownUsers = await existingUsers(trx, batch);
    const userOrNull = (id: number | null) => (id !== null && knownUsers.has(id) ? id : null);

    const sessions = mergeSessions(batch.sessions);
    if (sessions.length > 0) {
      const rows = sessions.map((s) => ({
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
      }));
      // The first write of a session keeps its landing referrer and campaign; later writes
      // (another process adopting the cookie, a heartbeat) only move last_seen and attach the user.
      await sql`
        INSERT INTO analytics_sessions (id, user_id, visitor_hash, referrer, utm_source, utm_medium,
          utm_campaign, utm_term, utm_content, started_at, last_seen_at)
        SELECT * FROM json_to_recordset(${json(rows)}) AS r(id uuid, user_id integer, visitor_hash text,
          referrer text, utm_source text, utm_medium text, utm_campaign text, utm_term text,
          utm_content text, started_at timestamptz, last_seen_at timestamptz)
        ON CONFLICT (id) DO UPDATE SET
          last_seen_at = GREATEST(analytics_sessions.last_seen_at, excluded.last_seen_at),
          user_id = COALESCE(excluded.user_id, analytics_sessions.user_id)`.execute(trx);
    }

    if (batch.pageViews.length > 0) {
      const rows = batch.pageViews.map((p) => ({
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
      }));
      await sql`
        INSERT INTO analytics_page_views (id, session_id, user_id, path, url, title, referrer,
          utm_source, utm_medium, utm_campaign, utm_term, utm_content, started_at)
        SELECT * FROM json_to_recordset(${json(rows)}) AS r(id uuid, session_id uuid, user_id integer,
          path text, url text, title text, referrer text, utm_source text, utm_medium text,
          utm_campaign text, utm_term text, utm_content text, started_at timestamptz)
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    }

    if (batch.clicks.length > 0) {
      const rows = batch.clicks.map((c) => ({
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
        anchor_x: c.anchorX,
        anchor_y: c.anchorY,
        created_at: c.createdAt,
      }));
      await sql`
        INSERT INTO analytics_clicks (session_id, user_id, path, selector, label, x, y,
          window_width, window_height, is_normalized, anchor_x, anchor_y, created_at)
        SELECT * FROM json_to_recordset(${json(rows)}) AS r(session_id uuid, user_id integer,
          path text, selector text, label text, x double precision, y double precision,
          window_width integer, window_height integer, is_normalized boolean, anchor_x real,
          anchor_y real, created_at timestamptz)`.execute(trx);
    }

    if (batch.signals.length > 0) {
      const rows = batch.signals.map((s) => ({
        session_id: s.sessionId,
        path: s.path,
        selector: s.selector,
        label: s.label,
        window_width: s.windowWidth,
        kind: s.kind,
        created_at: s.createdAt,
      }));
      await sql`
        INSERT INTO analytics_click_signals (session_id, path, selector, label, window_width, kind, created_at)
        SELECT * FROM json_to_recordset(${json(rows)}) AS r(session_id uuid, path text, selector text,
          label text, window_width integer, kind text, created_at timestamptz)`.execute(trx);
    }

    // user_activity references users: activity of an account deleted meanwhile is dropped
    // rather than refused (which would cost the batch a split).
    const activity = batch.activity.filter((a) => knownUsers.has(a.userId));
    if (activity.length > 0) {
      const rows = activity.map((a) => ({ user_id: a.userId, path: a.path, created_at: a.createdAt }));
      await sql`
        INSERT INTO user_activity (user_id, path, created_at)
        SELECT * FROM json_to_recordset(${json(rows)})
          AS r(user_id integer, path text, created_at timestamptz)`.execute(trx);
    }

    await lockSessionExits(trx, batch);
    await applyEnds(trx, batch.ends);
    await clearEarlierExits(trx, batch);
  });
}

/** The first half of the advisory lock keys (rollup.ts and the demo seed in api/seed use their own). */
const EXIT_LOCK_KEY = 727_202_613;

/**
 * Whether a page view is its session's exit depends on two writes that may be in different
 * transactions: the end of page A (sets is_exit unless a later page view exists) and page view B
 * (clears is_exit on earlier ones). Run at the same time, by two writers of this process or two
 * processes, neither sees the other's uncommitted row and A stays marked the exit. So a batch
 * locks its sessions before that bookkeeping: exclusively for sessions it ends a page view of,
 * shared for sessions it only adds page views to (page-view batches never wait for each other).
 * Sessions fall in 256 buckets (first byte of the random UUID) to bound the locks a batch holds;
 * sharing a bucket only costs a short wait. Locks are taken in bucket order, so two batches never
 * deadlock; each following statement sees what the other batch committed (READ COMMITTED).
 */
async function lockSessionExits(trx: Kysely<Database>, batch: Batch): Promise<void> {
  const buckets = new Map<number, boolean>();
  const bucketOf = (sessionId: string) => Number.parseInt(sessionId.slice(0, 2), 16) || 0;
  for (const p of batch.pageViews) buckets.set(bucketOf(p.sessionId), false);
  for (const e of batch.ends) buckets.set(bucketOf(e.sessionId), true);
  if (buckets.size === 0) return;
  const rows = [...buckets].map(([bucket, exclusive]) => ({ bucket, exclusive }));
  await sql`
    SELECT count(*) FROM (
      SELECT CASE WHEN s.exclusive THEN pg_advisory_xact_lock(${EXIT_LOCK_KEY}, s.bucket)
                  ELSE pg_advisory_xact_lock_shared(${EXIT_LOCK_KEY}, s.bucket) END
      FROM (SELECT bucket, exclusive FROM json_to_recordset(${json(rows)}) AS r(bucket integer, exclusive boolean)
            ORDER BY bucket OFFSET 0) s
    ) locked`.execute(trx);
}

/**
 * Rows as one JSON text parameter. Cast from text: a parameter typed json would have the driver
 * JSON-encode the string a second time. JSON escapes a NUL byte, which PostgreSQL then refuses
 * when converting it to text (SQLSTATE 22P05), a data error like a raw NUL (group-commit.ts).
 */
const json = (rows: object[]): RawBuilder<unknown> => sql`CAST(${JSON.stringify(rows)} AS text)::json`;

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
  const rows = [...last.values()].map((e) => ({
    id: e.pageViewId,
    session_id: e.sessionId,
    duration_ms: e.durationMs,
    is_exit: e.isExit,
    scroll_depth: e.scrollDepth,
    ended_at: e.endedAt,
  }));
  await sql`
    UPDATE analytics_page_views AS pv
    SET duration_ms = v.duration_ms,
        ended_at = v.ended_at,
        scroll_depth = GREATEST(pv.scroll_depth, v.scroll_depth),
        is_exit = v.is_exit AND NOT EXISTS (
          SELECT 1 FROM analytics_page_views later
          WHERE later.session_id = pv.session_id AND later.started_at > pv.started_at
        )
    FROM json_to_recordset(${json(rows)})
      AS v(id uuid, session_id uuid, duration_ms integer, is_exit boolean, scroll_depth smallint,
        ended_at timestamptz)
    WHERE pv.id = v.id AND pv.session_id = v.session_id`.execute(trx);
}

/** A page view followed by another of its session was not the exit, whatever its end said. */
async function clearEarlierExits(trx: Kysely<Database>, batch: Batch): Promise<void> {
  if (batch.pageViews.length === 0) return;
  const latest = new Map<string, Date>();
  for (const p of batch.pageViews) {
    const seen = latest.get(p.sessionId);
    if (!seen || p.startedAt > seen) latest.set(p.sessionId, p.startedAt);
  }
  const rows = [...latest].map(([session_id, at]) => ({ session_id, latest: at }));
  await sql`
    UPDATE analytics_page_views AS pv SET is_exit = false
    FROM json_to_recordset(${json(rows)}) AS v(session_id uuid, latest timestamptz)
    WHERE pv.session_id = v.session_id AND pv.started_at < v.latest AND pv.is_exit`.execute(trx);
}
