import { createHmac, randomUUID } from 'node:crypto';
import type { SessionWrite } from './events';
import type { Utm } from './schema';

/** Who is calling, as the doors read it from the request. */
export interface Visit {
  /** The analytics cookie's value, if the browser sent one (checked here, never trusted as is). */
  cookie: string | undefined;
  ip: string;
  userAgent: string;
  /** The signed-in user, null for visitors. */
  userId: number | null;
}

export interface Landing {
  referrer: string | null;
  utm: Utm;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session id a cookie carries, or null when it is missing or not a UUID. */
export function sessionIdFromCookie(value: string | undefined): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}

/**
 * Counts unique visitors without storing who they are: a keyed hash of the UTC day, the address
 * and the user agent. It changes every day and cannot be reversed to an address without the key.
 */
export function visitorHash(secret: string, ip: string, userAgent: string, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  return createHmac('sha256', secret).update(`${day}\n${ip}\n${userAgent}`).digest('hex');
}

/** A session row is rewritten (last_seen_at, user) at most this often per process. */
const TOUCH_MS = 60_000;
/** Sessions remembered per process; the oldest are forgotten first (they only cost a rewrite). */
const MAX_REMEMBERED = 100_000;

/**
 * Resolves the analytics session of a request without a database round trip. The cookie holds a
 * random UUID; a UUID this process has not seen is adopted and upserted (another process may
 * have started it, or retention may have pruned its row). Guessing another visitor's UUID is
 * as hopeless as guessing a session token, and choosing one's own gains nothing.
 */
export class SessionRegistry {
  private readonly seen = new Map<string, { userId: number | null; writtenAt: number }>();

  constructor(private readonly secret: string) {}

  resolve(
    visit: Visit,
    landing: Landing | null,
    now: Date,
  ): { id: string; isNew: boolean; write: SessionWrite | null } {
    const known = sessionIdFromCookie(visit.cookie);
    const id = known ?? randomUUID();
    const entry = this.seen.get(id);
    const fresh =
      entry !== undefined &&
      now.getTime() - entry.writtenAt < TOUCH_MS &&
      (visit.userId === null || visit.userId === entry.userId);
    if (fresh) return { id, isNew: false, write: null };

    this.remember(id, visit.userId ?? entry?.userId ?? null, now.getTime());
    const write: SessionWrite = {
      id,
      userId: visit.userId,
      visitorHash: visitorHash(this.secret, visit.ip, visit.userAgent, now),
      referrer: landing?.referrer ?? null,
      utmSource: landing?.utm.source ?? null,
      utmMedium: landing?.utm.medium ?? null,
      utmCampaign: landing?.utm.campaign ?? null,
      utmTerm: landing?.utm.term ?? null,
      utmContent: landing?.utm.content ?? null,
      startedAt: now,
      lastSeenAt: now,
    };
    return { id, isNew: known === null, write };
  }

  /** The session's write was not stored (group-commit.ts): its next event writes it again. */
  forget(id: string) {
    this.seen.delete(id);
  }

  private remember(id: string, userId: number | null, at: number) {
    this.seen.delete(id); // re-insert at the end: Map order is the eviction order
    this.seen.set(id, { userId, writtenAt: at });
    if (this.seen.size > MAX_REMEMBERED) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }
}
