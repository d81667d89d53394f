import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { generateToken, hashToken } from '../../auth/tokens';
import { recordAudit } from '../audit/service';
import { recoveryCodesLeft } from './recovery-codes';
import { recordSignInAttempt } from './sign-in-attempts';
import { forgetSignInBurst } from './sign-in-throttle';
import { codeFailed, type SecondFactorAnswer, throttled, verifySecondFactor } from './two-factor';

/**
 * The state between the password and the code (docs/decisions/0040-staff-two-factor-sign-in.md).
 * It is not a session: its cookie opens nothing but the code step, it lives 10 minutes, only
 * the SHA-256 of its token is stored, and five wrong codes end it (the password must be given
 * again, and the throttle keeps counting across such rounds).
 */
export const SIGN_IN_CHALLENGE_MINUTES = 10;
export const CHALLENGE_MAX_FAILURES = 5;

export async function openSignInChallenge(
  db: Db,
  input: { userId: number; email: string; ip: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + SIGN_IN_CHALLENGE_MINUTES * 60_000);
  // Expired challenges are only litter: sweep them while here.
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<', sql<Date>`now()`).execute();
  await db
    .insertInto('sign_in_challenges')
    .values({
      id: hashToken(token),
      user_id: input.userId,
      email: input.email,
      ip: input.ip,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** True while the token names a live challenge (the code page shows its form only then). */
export async function isLiveChallenge(db: Db, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .selectFrom('sign_in_challenges')
    .select('id')
    .where('id', '=', hashToken(token))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/** 'replayed': the last accepted code sent again; counted like 'invalid', but told apart. */
export type ChallengeFailure = 'expired' | 'invalid' | 'replayed' | 'blocked';

export class SecondFactorError extends Error {
  constructor(readonly reason: ChallengeFailure) {
    super(reason);
  }
}

/**
 * The code step: checks the answer against the challenge's account; on success the challenge is
 * spent and the caller opens the session. Throws RateLimitedError while the throttle holds the
 * (account, address) pair back, SecondFactorError otherwise.
 */
export async function answerSignInChallenge(
  db: Db,
  input: { token: string | undefined; answer: SecondFactorAnswer; ip: string },
): Promise<{ userId: number; setupNeeded: boolean; method: 'code' | 'recovery'; recoveryCodesLeft: number }> {
  if (!input.token) throw new SecondFactorError('expired');
  const id = hashToken(input.token);
  const challenge = await db
    .selectFrom('sign_in_challenges')
    .innerJoin('users', 'users.id', 'sign_in_challenges.user_id')
    .select([
      'sign_in_challenges.user_id',
      'sign_in_challenges.email',
      'users.blocked_at',
      'users.setup_completed_at',
    ])
    .where('sign_in_challenges.id', '=', id)
    .where('sign_in_challenges.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!challenge) throw new SecondFactorError('expired');
  const subject = { email: challenge.email, ip: input.ip };
  await throttled(db, challenge.user_id, subject);
  if (challenge.blocked_at) {
    await db.deleteFrom('sign_in_challenges').where('id', '=', id).execute();
    throw new SecondFactorError('blocked');
  }
  const method = await verifySecondFactor(db, challenge.user_id, input.answer);
  if (method === 'wrong' || method === 'replayed') {
    await codeFailed(db, challenge.user_id, subject, 'sign-in');
    const counted = await db
      .updateTable('sign_in_challenges')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .returning('failures')
      .executeTakeFirst();
    if (!counted || counted.failures >= CHALLENGE_MAX_FAILURES) {
      await db.deleteFrom('sign_in_challenges').where('id', '=', id).execute();
      throw new SecondFactorError('expired');
    }
    throw new SecondFactorError(method === 'replayed' ? 'replayed' : 'invalid');
  }
  // Spent whatever happens next: one challenge opens at most one session.
  const spent = await db.deleteFrom('sign_in_challenges').where('id', '=', id).executeTakeFirst();
  if (Number(spent.numDeletedRows) === 0) throw new SecondFactorError('expired');
  await forgetSignInBurst(db, subject);
  await recordSignInAttempt(db, { ...subject, userId: challenge.user_id, succeeded: true, reason: null });
  const left = method === 'recovery' ? await recoveryCodesLeft(db, challenge.user_id) : -1;
  if (method === 'recovery') {
    await recordAudit(db, {
      actorId: challenge.user_id,
      action: 'two_factor.recovery_code_used',
      targetType: 'user',
      targetId: challenge.user_id,
      after: { recoveryCodesLeft: left },
      ip: input.ip,
    });
  }
  return {
    userId: challenge.user_id,
    setupNeeded: challenge.setup_completed_at === null,
    method,
    recoveryCodesLeft: left,
  };
}
