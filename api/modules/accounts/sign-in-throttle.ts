import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { RateLimitedError } from '../errors';
import { clearRateLimit, hitRateLimit } from '../rate-limits/service';

/**
 * Sign-in throttling that slows guessing without ever locking an account (docs/decisions/0015-sign-in-throttling-safe-redirects-equal-time-sign-up.md).
 * Every limit is read from `sign_in_attempts` (failures are rows with reason 'invalid': a wrong
 * password or an unknown address, or 'invalid_code': a wrong second-factor code,
 * docs/decisions/0040-staff-two-factor-sign-in.md), so every server process sees the same history.
 *
 * - One address guessing one account: the first few mistakes are free, then each further failure
 *   doubles the wait (1 s, 2 s, 4 s … up to 15 minutes). A success starts the pair afresh.
 * - One address failing across many accounts (credential stuffing): refused past a high ceiling.
 * - Many addresses failing against one account: new addresses must wait a minute after the last
 *   guess, which slows a botnet to about one guess a minute and lets the owner in whenever it pauses.
 * - An address the account has signed in from before is the owner's own: the two shared limits
 *   above never apply to it, so nobody else's failures can keep the owner out at home.
 *
 * Every refusal carries the message of docs/product/spec.md §8 and the real wait in `retryAfterSeconds`.
 */
/** The reasons that count as a failed guess. */
export const FAILURE_REASONS = ['invalid', 'invalid_code'] as const;

export const TOO_MANY_ATTEMPTS_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

export const PAIR_FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures older than this no longer count against the pair. */
const PAIR_MEMORY_HOURS = 24;
/** A success from this address within this many days makes it the owner's own address. */
const KNOWN_ADDRESS_DAYS = 90;
const SHARED_WINDOW_SECONDS = 15 * 60;
export const ADDRESS_CEILING = 100;
export const ACCOUNT_SLOWDOWN_AFTER = 30;
export const ACCOUNT_SPACING_SECONDS = 60;
/**
 * Attempts a pair may have unresolved (in flight or failed) in one minute. Counted atomically
 * before the password is checked, so parallel guesses cannot all pass before the first failure
 * is recorded; cleared by a success, so signing in often is never refused.
 */
const PAIR_BURST = { name: 'signin-pair', limit: 10, windowSeconds: 60, message: TOO_MANY_ATTEMPTS_MESSAGE };

/** Seconds a pair waits after its last failure, given how many failures it has: 0, then 1, 2, 4 … capped. */
export function pairDelaySeconds(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - PAIR_FREE_FAILURES), MAX_DELAY_SECONDS);
}

export interface SignInSubject {
  /** Lower-cased. */
  email: string;
  ip: string;
}

/** Counts the attempt in the pair's burst counter, then throws RateLimitedError when it must wait. */
export async function checkSignInThrottle(db: Db, subject: SignInSubject): Promise<void> {
  await hitRateLimit(db, PAIR_BURST, pairKey(subject));
  const pair = await pairHistory(db, subject);
  const wait =
    pair.wait ||
    (pair.known ? 0 : Math.max(await addressWait(db, subject.ip), await accountWait(db, subject.email)));
  if (wait > 0) throw new RateLimitedError(TOO_MANY_ATTEMPTS_MESSAGE, wait);
}

/** After a success: the pair's unresolved attempts are vindicated. */
export function forgetSignInBurst(db: Db, subject: SignInSubject): Promise<void> {
  return clearRateLimit(db, PAIR_BURST.name, pairKey(subject));
}

const pairKey = ({ email, ip }: SignInSubject) => `${ip}|${email}`;

/** Whole seconds from `now` until `until`, at least 1 when there is anything to wait. */
function secondsUntil(until: Date, now: Date): number {
  const ms = until.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

async function pairHistory(db: Db, { email, ip }: SignInSubject): Promise<{ known: boolean; wait: number }> {
  const pair = db
    .selectFrom('sign_in_attempts')
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('created_at', '>', sql<Date>`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`);
  const { last_success, now } = await pair
    .select([
      sql<Date | null>`max(created_at) FILTER (WHERE succeeded)`.as('last_success'),
      sql<Date>`now()`.as('now'),
    ])
    .executeTakeFirstOrThrow();
  const memory = new Date(new Date(now).getTime() - PAIR_MEMORY_HOURS * 3600_000);
  const since = last_success && new Date(last_success) > memory ? new Date(last_success) : memory;
  const failures = await pair
    .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`max(created_at)`.as('last')])
    .where('reason', 'in', FAILURE_REASONS)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const delay = pairDelaySeconds(failures.count);
  const wait =
    delay && failures.last
      ? secondsUntil(new Date(new Date(failures.last).getTime() + delay * 1000), new Date(now))
      : 0;
  return { known: last_success !== null, wait };
}

/** Past the ceiling, the wait until the oldest failure that keeps it there leaves the window. */
async function addressWait(db: Db, ip: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select(['created_at', sql<Date>`now()`.as('now')])
    .where('ip', '=', ip)
    .where('reason', 'in', FAILURE_REASONS)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${SHARED_WINDOW_SECONDS})`)
    .orderBy('created_at', 'desc')
    .offset(ADDRESS_CEILING - 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  return secondsUntil(
    new Date(new Date(row.created_at).getTime() + SHARED_WINDOW_SECONDS * 1000),
    new Date(row.now),
  );
}

/** Once an account draws many failures, new addresses wait a fixed spacing after its latest one. */
async function accountWait(db: Db, email: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<Date | null>`max(created_at)`.as('last'),
      sql<Date>`now()`.as('now'),
    ])
    .where('email', '=', email)
    .where('reason', 'in', FAILURE_REASONS)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${SHARED_WINDOW_SECONDS})`)
    .executeTakeFirstOrThrow();
  if (row.count < ACCOUNT_SLOWDOWN_AFTER || !row.last) return 0;
  return secondsUntil(
    new Date(new Date(row.last).getTime() + ACCOUNT_SPACING_SECONDS * 1000),
    new Date(row.now),
  );
}
