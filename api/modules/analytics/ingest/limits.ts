import { RateLimitedError } from '../../errors';

export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/**
 * Tracking rate limits, counted in this process's memory (docs/decisions/0008-order-fulfilment.md): a tracking event is
 * one buffered row, and a database upsert per event (api/modules/rate-limits/service.ts) would double
 * the write load of the hottest endpoint. Behind N processes a client can reach N times the limit,
 * which is fine for a cap whose purpose is keeping junk out of reports, not security.
 */
export class MemoryRateLimiter {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly rule: WindowLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key`; throws RateLimitedError past the limit of the current window. */
  hit(key: string): void {
    const now = this.now();
    const start = now - (now % this.rule.windowMs);
    // Fixed windows: the whole map is dropped when the window turns, so memory stays bounded by
    // the keys seen in one window.
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.counts.clear();
    }
    const hits = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, hits);
    if (hits > this.rule.limit) {
      throw new RateLimitedError(
        'Too many tracking events.',
        Math.ceil((start + this.rule.windowMs - now) / 1000),
      );
    }
  }
}

const MINUTE = 60_000;

/**
 * Generous enough for real browsing: a person produces a few events a minute, a busy office or
 * mobile carrier behind one address a few hundred clients.
 */
export const TRACKING_LIMITS = {
  /** New analytics sessions per client address (a client refusing cookies starts one per event). */
  sessionStartsPerIp: { limit: 300, windowMs: MINUTE },
  /** Events per analytics session. */
  eventsPerSession: { limit: 600, windowMs: MINUTE },
  /** Events per client address, all sessions together. */
  eventsPerIp: { limit: 12_000, windowMs: MINUTE },
  /** Activity rows per signed-in user. */
  activityPerUser: { limit: 300, windowMs: MINUTE },
} satisfies Record<string, WindowLimit>;
