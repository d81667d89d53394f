import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../db/client';
import { RateLimitedError } from '../../errors';
import { type Batch, type ClickWrite, emptyBatch, type PageViewWrite } from './events';
import { GroupCommit, type GroupCommitOptions } from './group-commit';
import { MemoryRateLimiter, TRACKING_LIMITS } from './limits';
import { setAsideRejected } from './rejected';
import {
  type ActivityInput,
  type BeaconEndInput,
  type ClickInput,
  type ClickSignalInput,
  type EndPageViewInput,
  type PageViewInput,
  pathOf,
  type SessionStartInput,
} from './schema';
import { type Landing, SessionRegistry, sessionIdFromCookie, type Visit } from './sessions';
import { writeBatch } from './writer';

export interface AnalyticsIngestOptions {
  /** Keys the visitor hash (config.appSecret). */
  secret: string;
  commit?: Omit<GroupCommitOptions, 'write' | 'setAside'>;
  now?: () => number;
}

/** A page view's row: where it is, where the visit came from, and when it started. */
function pageViewRow(
  visit: Visit,
  input: PageViewInput,
  sessionId: string,
  id: string,
  at: Date,
): PageViewWrite {
  return {
    id,
    sessionId,
    userId: visit.userId,
    path: pathOf(input.url),
    url: input.url,
    title: input.title,
    referrer: input.referrer,
    utmSource: input.utm.source,
    utmMedium: input.utm.medium,
    utmCampaign: input.utm.campaign,
    utmTerm: input.utm.term,
    utmContent: input.utm.content,
    startedAt: at,
  };
}

/** A click's row, as the heatmap reads it. */
function clickRow(visit: Visit, input: ClickInput, sessionId: string, at: Date): ClickWrite {
  return {
    sessionId,
    userId: visit.userId,
    path: pathOf(input.url),
    selector: input.selector,
    // The tracker sends the element's label; without one the selector is the label.
    label: input.label ?? input.selector,
    x: input.x,
    y: input.y,
    windowWidth: input.windowWidth,
    windowHeight: input.windowHeight,
    isNormalized: input.isNormalized,
    anchorX: input.anchorX,
    anchorY: input.anchorY,
    createdAt: at,
  };
}

/**
 * What every event goes through before and after its own rows: the in-memory limits, the session
 * registry and the group commit that stores the rows.
 */
function createEventIntake(db: Db, options: AnalyticsIngestOptions) {
  const now = options.now ?? Date.now;
  const commit = new GroupCommit({
    ...options.commit,
    write: (batch) => writeBatch(db, batch),
    setAside: (rows, error) => setAsideRejected(db, rows, error),
  });
  const sessions = new SessionRegistry(options.secret);
  const starts = new MemoryRateLimiter(TRACKING_LIMITS.sessionStartsPerIp, now);
  const perSession = new MemoryRateLimiter(TRACKING_LIMITS.eventsPerSession, now);
  const perIp = new MemoryRateLimiter(TRACKING_LIMITS.eventsPerIp, now);
  const perUser = new MemoryRateLimiter(TRACKING_LIMITS.activityPerUser, now);

  function ensureRoom() {
    if (!commit.hasRoom()) throw new RateLimitedError('Analytics is catching up; try again shortly.', 5);
  }

  /**
   * Counts the event against the limits, then resolves (or starts) the caller's session. The
   * returned rows hold the session's write when it is due; the caller adds its event and stores them.
   */
  function session(visit: Visit, landing: Landing | null, at: Date) {
    ensureRoom();
    perIp.hit(visit.ip);
    if (sessionIdFromCookie(visit.cookie) === null) starts.hit(visit.ip);
    const resolved = sessions.resolve(visit, landing, at);
    perSession.hit(resolved.id);
    const rows = emptyBatch();
    if (resolved.write) rows.sessions.push(resolved.write);
    return { ...resolved, rows };
  }

  /**
   * Stores one event's rows. A session write that was not stored is forgotten, so the session's
   * next event writes it again instead of the registry believing it is in the database.
   */
  async function store(rows: Batch): Promise<void> {
    try {
      await commit.store(rows);
    } catch (error) {
      for (const s of rows.sessions) sessions.forget(s.id);
      throw error;
    }
  }

  return { now, commit, perIp, perUser, ensureRoom, session, store };
}

/**
 * First-party analytics ingest (docs/decisions/0011-analytics-ingest.md, 0013): the rules behind `tracking.*`, the beacon and
 * activity logging. Events are validated and rate limited in memory, then stored by group
 * commit (docs/decisions/0013-ingest-group-commit.md): each call resolves once its rows are committed, and rejects with
 * IngestRejectedError or IngestUnavailableError when they were not. Every method returns the
 * session id so the door can (re)send the analytics cookie.
 */
export function createAnalyticsIngest(db: Db, options: AnalyticsIngestOptions) {
  const { now, commit, perIp, perUser, ensureRoom, session, store } = createEventIntake(db, options);

  /**
   * Ends a page view of the caller's own session; anyone else's is left alone, silently, so the
   * answer does not reveal whether a page view id exists. Without a session there is nothing to end.
   */
  async function endPageView(visit: Visit, input: EndPageViewInput): Promise<{ sessionId: string | null }> {
    if (sessionIdFromCookie(visit.cookie) === null) {
      perIp.hit(visit.ip);
      return { sessionId: null };
    }
    const at = new Date(now());
    const { id: sessionId, rows } = session(visit, null, at);
    rows.ends.push({
      pageViewId: input.pageViewId.toLowerCase(),
      sessionId,
      durationMs: input.durationMs,
      isExit: input.isExit,
      scrollDepth: input.scrollDepth,
      endedAt: at,
    });
    await store(rows);
    return { sessionId };
  }

  return {
    async getOrStartSession(visit: Visit, input: SessionStartInput) {
      const { id, isNew, rows } = session(visit, input, new Date(now()));
      await store(rows);
      return { sessionId: id, isNew };
    },

    async trackPageView(visit: Visit, input: PageViewInput) {
      const at = new Date(now());
      const { id: sessionId, rows } = session(visit, input, at);
      const pageViewId = randomUUID();
      rows.pageViews.push(pageViewRow(visit, input, sessionId, pageViewId, at));
      await store(rows);
      return { sessionId, pageViewId };
    },

    endPageView,

    /**
     * The beacon sent when a page is hidden: it may be the last thing the visitor did, so it
     * counts as an exit until a later page view of the session says otherwise (writer.ts).
     */
    endFromBeacon(visit: Visit, input: BeaconEndInput) {
      return endPageView(visit, { ...input, isExit: true });
    },

    async heartbeat(visit: Visit) {
      const { id, rows } = session(visit, null, new Date(now()));
      await store(rows);
      return { sessionId: id };
    },

    async trackClick(visit: Visit, input: ClickInput) {
      const at = new Date(now());
      const { id: sessionId, rows } = session(visit, null, at);
      rows.clicks.push(clickRow(visit, input, sessionId, at));
      await store(rows);
      return { sessionId };
    },

    /** A rage burst or dead click the tracker detected on a tracked element. */
    async trackClickSignal(visit: Visit, input: ClickSignalInput) {
      const at = new Date(now());
      const { id: sessionId, rows } = session(visit, null, at);
      rows.signals.push({
        sessionId,
        path: pathOf(input.url),
        selector: input.selector,
        label: input.label ?? input.selector,
        windowWidth: input.windowWidth,
        kind: input.kind,
        createdAt: at,
      });
      await store(rows);
      return { sessionId };
    },

    /** The caller has already checked that input.userId is the signed-in user. */
    async logActivity(input: ActivityInput) {
      ensureRoom();
      perUser.hit(String(input.userId));
      const rows = emptyBatch();
      rows.activity.push({ userId: input.userId, path: pathOf(input.path), createdAt: new Date(now()) });
      await store(rows);
    },

    /** Waits for the writes in progress; called when the server stops (after its last request). */
    close: () => commit.close(),
    /** Events accepted and not yet stored or refused. */
    get pendingEvents() {
      return commit.size;
    },
    /** Events the database refused and set aside since start. */
    get rejectedEvents() {
      return commit.rejected;
    },
  };
}

export type AnalyticsIngest = ReturnType<typeof createAnalyticsIngest>;
export type { Visit } from './sessions';
