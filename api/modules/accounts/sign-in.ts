import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { RateLimitedError } from '../errors';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MINUTES = 15;
export const TOO_MANY_ATTEMPTS_MESSAGE = `Too many failed sign-in attempts. Please wait ${FAILURE_WINDOW_MINUTES} minutes and try again.`;

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
 * Checks email and password. Every attempt is recorded (the security screen reads them);
 * after 10 failures in 15 minutes from one address or against one account, attempts are
 * refused before the password is even checked.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<{ userId: number; setupNeeded: boolean }> {
  const email = input.email.toLowerCase();
  if (await tooManyFailures(db, email, input.ip)) {
    await recordAttempt(db, { email, ip: input.ip, userId: null, succeeded: false, reason: 'rate_limited' });
    throw new RateLimitedError(TOO_MANY_ATTEMPTS_MESSAGE, FAILURE_WINDOW_MINUTES * 60);
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
  if (user.blocked_at) return fail('blocked');
  if (!user.email_verified_at) return fail('unverified');
  await recordAttempt(db, { email, ip: input.ip, userId: user.id, succeeded: true, reason: null });
  return { userId: user.id, setupNeeded: user.setup_completed_at === null };
}

async function tooManyFailures(db: Db, email: string, ip: string): Promise<boolean> {
  const since = sql<Date>`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`;
  const row = await db
    .selectFrom('sign_in_attempts')
    .select([
      sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('by_ip'),
      sql<number>`count(*) FILTER (WHERE email = ${email})::int`.as('by_email'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('ip', '=', ip), eb('email', '=', email)]))
    .executeTakeFirstOrThrow();
  return row.by_ip >= MAX_FAILURES || row.by_email >= MAX_FAILURES;
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
