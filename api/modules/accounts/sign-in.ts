import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { RateLimitedError } from '../errors';
import { recordSignInAttempt as recordAttempt } from './sign-in-attempts';
import { checkSignInThrottle, forgetSignInBurst } from './sign-in-throttle';
import { hasSecondFactor, secondFactorRequirement } from './two-factor';

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
 * What follows a right password (docs/decisions/0040-staff-two-factor-sign-in.md): 'code' when the
 * account has two-factor sign-in (no session until the code step); 'enrol-staff' when staff have
 * not set it up yet (a session that opens no staff permission until they do, in the console);
 * 'enrol-member' when the members' toggle requires it (set up on the site); 'none'.
 */
export type SecondFactorNext = 'code' | 'enrol-staff' | 'enrol-member' | 'none';

/**
 * Checks email and password. Every attempt is recorded (the security screen reads them, and the
 * throttle counts them); an attempt the throttle holds back is refused before the password is
 * even checked (sign-in-throttle.ts: it slows guessing, it never locks the owner out). A right
 * password for an account with a second factor is not a success yet: the code step records it.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<{ userId: number; setupNeeded: boolean; secondFactor: SecondFactorNext }> {
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
  const setupNeeded = user.setup_completed_at === null;
  // With a second factor the password alone vindicates nothing: wrong codes keep counting.
  if (await hasSecondFactor(db, user.id)) {
    if (user.blocked_at) return fail('blocked');
    if (!user.email_verified_at) return fail('unverified');
    return { userId: user.id, setupNeeded, secondFactor: 'code' };
  }
  // The right password vindicates the pair's earlier attempts, whatever the account's state.
  await forgetSignInBurst(db, subject);
  if (user.blocked_at) return fail('blocked');
  if (!user.email_verified_at) return fail('unverified');
  await recordAttempt(db, { email, ip: input.ip, userId: user.id, succeeded: true, reason: null });
  const required = await secondFactorRequirement(db, user.id);
  const secondFactor =
    required === 'staff' ? 'enrol-staff' : required === 'members' ? 'enrol-member' : 'none';
  return { userId: user.id, setupNeeded, secondFactor };
}

async function burnTime(password: string): Promise<false> {
  await hashPassword(password);
  return false;
}
