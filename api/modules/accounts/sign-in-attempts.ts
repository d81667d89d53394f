import type { Db } from '../../../db/client';

/**
 * Why an attempt failed, as `sign_in_attempts.reason` stores it. 'invalid' is a wrong password or
 * an unknown address; 'invalid_code' a wrong second-factor code. Both count toward the sign-in
 * throttle (sign-in-throttle.ts: FAILURE_REASONS).
 */
export type SignInAttemptReason = 'invalid' | 'invalid_code' | 'blocked' | 'unverified' | 'rate_limited';

/** One row per attempt: the security screen lists them and the throttle counts them. */
export function recordSignInAttempt(
  db: Db,
  a: {
    email: string;
    ip: string;
    userId: number | null;
    succeeded: boolean;
    reason: SignInAttemptReason | null;
  },
) {
  return db
    .insertInto('sign_in_attempts')
    .values({ email: a.email, ip: a.ip, user_id: a.userId, succeeded: a.succeeded, reason: a.reason })
    .execute();
}
