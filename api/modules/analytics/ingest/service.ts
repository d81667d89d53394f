import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../db/client';
import { RateLimitedError } from '../../errors';
import { type BufferOptions, IngestBuffer } from './buffer';
import { MemoryRateLimiter, TRACKING_LIMITS } from './limits';
import {
  type ActivityInput,
  type BeaconEndInput,
  type ClickInput,
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
  buffer?: Omit<BufferOptions, 'write'>;
  now?: () => number;
}

/**
 * First-party analytics ingest (issue 8): the rules behind `tracking.*`, the beacon and
 * activity logging. Calls answer from memory: events are validated, rate limited, buffered and
 * acknowledged; the buffer writes them in batches. Every method returns the session id so the
 * door can (re)send the analytics cookie.
 */
export function createAnalyticsIngest(db: Db, options: AnalyticsIngestOptions) {
  const now = options.now ?? Date.now;
  const buffer = new IngestBuffer({ ...options.buffer, now, write: (batch) => writeBatch(db, batch) });
  const sessions = new SessionRegistry(options.secret);
  const starts = new MemoryRateLimiter(TRACKING_LIMITS.sessionStartsPerIp, now);
  const perSession = new MemoryRateLimiter(TRACKING_LIMITS.eventsPerSession, now);
  const perIp = new MemoryRateLimiter(TRACKING_LIMITS.eventsPerIp, now);
  const perUser = new MemoryRateLimiter(TRACKING_LIMITS.activityPerUser, now);

  function ensureRoom() {
    if (!buffer.hasRoom()) throw new RateLimitedError('Analytics is catching up; try again shortly.', 5);
  }

  /** Counts the event against the limits, then resolves (or starts) the caller's session. */
  function session(visit: Visit, landing: Landing | null, at: Date) {
    ensureRoom();
    perIp.hit(visit.ip);
    if (sessionIdFromCookie(visit.cookie) === null) starts.hit(visit.ip);
    const resolved = sessions.resolve(visit, landing, at);
    perSession.hit(resolved.id);
    if (resolved.write) {
      const write = resolved.write;
      buffer.add((b) => b.sessions.push(write));
    }
    return resolved;
  }

  /**
   * Ends a page view of the caller's own session; anyone else's is left alone, silently, so the
   * answer does not reveal whether a page view id exists. Without a session there is nothing to end.
   */
  function endPageView(visit: Visit, input: EndPageViewInput): { sessionId: string | null } {
    if (sessionIdFromCookie(visit.cookie) === null) {
      perIp.hit(visit.ip);
      return { sessionId: null };
    }
    const at = new Date(now());
    const { id: sessionId } = session(visit, null, at);
    buffer.add((b) =>
      b.ends.push({
        pageViewId: input.pageViewId.toLowerCase(),
        sessionId,
        durationMs: input.durationMs,
        isExit: input.isExit,
        endedAt: at,
      }),
    );
    return { sessionId };
  }

  return {
    getOrStartSession(visit: Visit, input: SessionStartInput) {
      const { id, isNew } = session(visit, input, new Date(now()));
      return { sessionId: id, isNew };
    },

    trackPageView(visit: Visit, input: PageViewInput) {
      const at = new Date(now());
      const { id: sessionId } = session(visit, input, at);
      const pageViewId = randomUUID();
      buffer.add((b) =>
        b.pageViews.push({
          id: pageViewId,
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
        }),
      );
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

    heartbeat(visit: Visit) {
      const { id } = session(visit, null, new Date(now()));
      return { sessionId: id };
    },

    trackClick(visit: Visit, input: ClickInput) {
      const at = new Date(now());
      const { id: sessionId } = session(visit, null, at);
      buffer.add((b) =>
        b.clicks.push({
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
          createdAt: at,
        }),
      );
      return { sessionId };
    },

    /** The caller has already checked that input.userId is the signed-in user. */
    logActivity(input: ActivityInput) {
      ensureRoom();
      perUser.hit(String(input.userId));
      const at = new Date(now());
      buffer.add((b) => b.activity.push({ userId: input.userId, path: pathOf(input.path), createdAt: at }));
    },

    /** Writes what is buffered now (tests, benchmarks). */
    flush: () => buffer.flush(),
    /** Writes what is left; called when the server stops. */
    close: () => buffer.close(),
    get pendingEvents() {
      return buffer.size;
    },
  };
}

export type AnalyticsIngest = ReturnType<typeof createAnalyticsIngest>;
export type { Visit } from './sessions';
