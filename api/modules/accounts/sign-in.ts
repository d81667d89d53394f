import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { RateLimitedError } from '../errors';
import { checkSignInThrottle, forgetSignInBurst } from './sign-in-throttle';

export type SignInFailure = 'invalid' | 'blocked' | 'unverified';

export class SignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    readonly userId: number | null = null,
  ) {
    super(reason);
  }
}

/**
 * Checks email and password. Every attempt is recorded (the security screen reads them, and the
 * throttle counts them); an attempt the throttle holds back is refused before the password is
 * even checked (sign-in-throttle.ts: it slows guessing, it never locks the owner out).
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<{ userId: number; setupNeeded: boolean }> {
  const email = input.email.toLowerCase();
  const subject = { email, ip: input.ip };
  try {
    await checkSignInThrottle(db, subject);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      await recordAttempt(db, {
        email,
        ip: input.ip,
        userId: null,
        succeeded: false,
        reason: 'rate_limited',
      });
    }
    throw error;
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'blocked_at', 'email_verified_at', 'setup_completed_at'])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  // Hash anyway when the account is unknown, so response time does not reveal who is a member.
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await burnTime(input.password);
  const fail = async (reason: SignInFailure) => {
    await recordAttempt(db, { email, ip: input.ip, userId: user?.id ?? null, succeeded: false, reason });
    throw new SignInError(reason, user?.id ?? null);
  };
  if (!user || !ok) return fail('invalid');
  // The right password vindicates the pair's earlier attempts, whatever the account's state.
  await forgetSignInBurst(db, subject);
  if (user.blocked_at) return fail('blocked');
  if (!user.email_verified_at) return fail('unverified');
  await recordAttempt(db, { email, ip: input.ip, userId: user.id, succeeded: true, reason: null });
  return { userId: user.id, setupNeeded: user.setup_completed_at === null };
}

function recordAttempt(
  db: Db,
  a: { email: string; ip: string; userId: number | null; succeeded: boolean; reason: string | null },
) {
  return db
    .insertInto('sign_in_attempts')
    .values({ email: a.email, ip: a.ip, user_id: a.userId, succeeded: a.succeeded, reason: a.reason })
    .execute();
}

async function burnTime(password: string): Promise<false> {
  await hashPassword(password);
  return false;
}
