import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { RateLimitedError } from '../errors';

export interface RateLimitRule {
  /** Bucket name, e.g. 'feedback' or 'signin-ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
  message?: string;
}

/**
 * Fixed-window counter kept in the database so every server process sees the same count.
 * One upsert per call: cheap enough for auth and write endpoints, which are the only users.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: `${rule.name}:${subject}`, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > rule.limit) {
    const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
    throw new RateLimitedError(
      rule.message ?? `Too many requests. Please wait ${formatWait(retryAfter)} and try again.`,
      retryAfter,
    );
  }
}

/**
 * Forgets a subject's hits in every window: for counters that stand for "attempts not yet
 * vindicated", such as sign-in attempts from one address to one account until one succeeds.
 */
export async function clearRateLimit(db: Db, name: string, subject: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', `${name}:${subject}`).execute();
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** Old windows are useless once passed; dropped by the periodic cleanup. */
export async function pruneRateLimitCounters(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_start', '<', olderThan).execute();
}
