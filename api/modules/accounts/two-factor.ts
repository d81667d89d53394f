import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import type { Db } from '../../../db/client';
import { FEATURES } from '../../contract/feature-names';
import { USED_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '../../contract/two-factor-messages';
import { recordAudit } from '../audit/service';
import { ConflictError, RateLimitedError, ValidationError } from '../errors';
import { recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { recordSignInAttempt } from './sign-in-attempts';
import { checkSignInThrottle, forgetSignInBurst, type SignInSubject } from './sign-in-throttle';
import { generateTotpSecret, isLastAcceptedCode, matchingTotpStep, totpKeyUri } from './totp';

/**
 * Two-factor sign-in with an authenticator app (docs/decisions/0040-staff-two-factor-sign-in.md):
 * enrolment (a secret shown once, counted only once a code proves it), the second-factor check
 * with replay protection, recovery codes, turning it off. Every code checked here goes through the
 * sign-in throttle, and every wrong one counts toward it and is audited.
 */

/**
 * How a second factor was proven, or why it was not: 'replayed' is the last accepted code sent
 * again (refused and counted like a wrong one, but the person is told to wait for the next code).
 */
export type SecondFactorCheck = 'code' | 'recovery' | 'replayed' | 'wrong';

/** A code from the authenticator app, or one of the recovery codes. */
export interface SecondFactorAnswer {
  code?: string;
  recoveryCode?: string;
}

export interface TwoFactorAccount {
  id: number;
  email: string;
}

/** Staff always; members when the `two-factor-for-members` toggle is on (a missing toggle is off here). */
export async function secondFactorRequired(db: Db, userId: number): Promise<boolean> {
  return (await secondFactorRequirement(db, userId)) !== null;
}

/** Who requires a second factor of this account: its staff role, the members' toggle, or nobody. */
export async function secondFactorRequirement(db: Db, userId: number): Promise<'staff' | 'members' | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('staff_members', 'staff_members.user_id', 'users.id')
    .select((eb) => [
      'users.is_admin',
      'staff_members.user_id as staff_id',
      eb
        .selectFrom('feature_toggles')
        .select('feature_toggles.enabled')
        .where('feature_toggles.name', '=', FEATURES.twoFactorForMembers)
        .as('members_required'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.is_admin && row.staff_id !== null) return 'staff';
  return row.members_required === true ? 'members' : null;
}

/** True once an enrolment has been confirmed with a valid code. */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_credentials')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export interface TwoFactorStatus {
  required: boolean;
  enrolled: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const [required, enrolled] = await Promise.all([
    secondFactorRequired(db, userId),
    hasSecondFactor(db, userId),
  ]);
  return { required, enrolled, recoveryCodesLeft: enrolled ? await recoveryCodesLeft(db, userId) : 0 };
}

/**
 * A fresh secret for the account, unconfirmed until confirmEnrolment. This is the only answer
 * that ever carries the secret; starting again replaces it. An account already enrolled must turn
 * two-factor off first (which needs a code), so a stolen session cannot move it to another phone.
 */
export async function startEnrolment(
  db: Db,
  account: TwoFactorAccount,
): Promise<{ secret: string; uri: string }> {
  const secret = generateTotpSecret();
  const stored = await db
    .insertInto('two_factor_credentials')
    .values({ user_id: account.id, secret, confirmed_at: null, last_used_step: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret }).where('two_factor_credentials.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (!stored) throw new ConflictError('Two-factor sign-in is already on for this account.');
  return { secret: encodeBase32UpperCaseNoPadding(secret), uri: totpKeyUri(account.email, secret) };
}

/**
 * Turns the enrolment on when `code` is valid for its secret: fresh recovery codes (returned in
 * clear, once), this session counts as verified, the account's other sessions end (they were
 * opened with the password alone).
 */
export async function confirmEnrolment(
  db: Db,
  input: { account: TwoFactorAccount; code: string; sessionId: string | null; ip: string },
): Promise<{ recoveryCodes: string[] }> {
  const { account } = input;
  const subject = { email: account.email.toLowerCase(), ip: input.ip };
  await throttled(db, account.id, subject);
  const outcome = await db.transaction().execute(async (trx) => {
    const credential = await trx
      .selectFrom('two_factor_credentials')
      .select(['secret', 'confirmed_at'])
      .where('user_id', '=', account.id)
      .forUpdate()
      .executeTakeFirst();
    if (!credential || credential.confirmed_at) return 'not-started' as const;
    const step = matchingTotpStep(credential.secret, input.code, Date.now(), null);
    if (step === null) return 'wrong' as const;
    await trx
      .updateTable('two_factor_credentials')
      .set({ confirmed_at: new Date(), last_used_step: step })
      .where('user_id', '=', account.id)
      .execute();
    const recoveryCodes = await replaceRecoveryCodes(trx, account.id);
    if (input.sessionId) {
      await trx
        .updateTable('sessions')
        .set({ second_factor_at: new Date() })
        .where('id', '=', input.sessionId)
        .execute();
      await trx
        .deleteFrom('sessions')
        .where('user_id', '=', account.id)
        .where('id', '<>', input.sessionId)
        .execute();
    }
    await recordAudit(trx, {
      actorId: account.id,
      action: 'two_factor.enrol',
      targetType: 'user',
      targetId: account.id,
      after: { enrolled: true, recoveryCodes: recoveryCodes.length },
      ip: input.ip,
    });
    return { recoveryCodes };
  });
  if (outcome === 'not-started') {
    throw new ConflictError('Start the set-up again: there is no secret waiting for a code.');
  }
  if (outcome === 'wrong') {
    await codeFailed(db, account.id, subject, 'enrolment');
    throw new ValidationError({ code: [WRONG_CODE_MESSAGE] }, WRONG_CODE_MESSAGE);
  }
  await forgetSignInBurst(db, subject);
  return outcome;
}

/**
 * Turns two-factor sign-in off, proven by a current code or a recovery code. Every session of the
 * account loses its verified mark: staff must enrol again before the console opens.
 */
export async function disableTwoFactor(
  db: Db,
  input: { account: TwoFactorAccount; answer: SecondFactorAnswer; ip: string },
): Promise<void> {
  const { account } = input;
  const subject = { email: account.email.toLowerCase(), ip: input.ip };
  await throttled(db, account.id, subject);
  const method = await verifySecondFactor(db, account.id, input.answer);
  if (method === 'wrong' || method === 'replayed') {
    await codeFailed(db, account.id, subject, 'disable');
    const message = method === 'replayed' ? USED_CODE_MESSAGE : WRONG_CODE_MESSAGE;
    throw new ValidationError({ [input.answer.recoveryCode ? 'recoveryCode' : 'code']: [message] }, message);
  }
  await db.transaction().execute(async (trx) => {
    await deleteSecondFactor(trx, account.id);
    await trx
      .updateTable('sessions')
      .set({ second_factor_at: null })
      .where('user_id', '=', account.id)
      .execute();
    await recordAudit(trx, {
      actorId: account.id,
      action: 'two_factor.disable',
      targetType: 'user',
      targetId: account.id,
      before: { enrolled: true },
      after: { enrolled: false, provenWith: method },
      ip: input.ip,
    });
  });
  await forgetSignInBurst(db, subject);
}

/**
 * Deletes the account's second factor: its TOTP credential (confirmed or not), its recovery codes
 * and its pending sign-in challenges. Run it in the caller's transaction, beside what else the
 * change does to sessions and the audit log (turning it off here; an administrator's reset in
 * api/modules/staff/employees.ts).
 */
export async function deleteSecondFactor(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor_credentials').where('user_id', '=', userId).execute();
  await trx.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}

/**
 * Checks a second factor of an enrolled account: a TOTP code of a step later than the last one
 * accepted (claimed with a conditional update, so two racing requests with one code get one
 * success, and the other hears it was used), or an unused recovery code (spent by this call).
 */
export async function verifySecondFactor(
  db: Db,
  userId: number,
  answer: SecondFactorAnswer,
): Promise<SecondFactorCheck> {
  if (answer.code) {
    const credential = await db
      .selectFrom('two_factor_credentials')
      .select(['secret', 'last_used_step'])
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    if (!credential) return 'wrong';
    const now = Date.now();
    const lastUsed = credential.last_used_step === null ? null : Number(credential.last_used_step);
    const step = matchingTotpStep(credential.secret, answer.code, now, lastUsed);
    if (step === null) {
      return isLastAcceptedCode(credential.secret, answer.code, now, lastUsed) ? 'replayed' : 'wrong';
    }
    const claimed = await db
      .updateTable('two_factor_credentials')
      .set({ last_used_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return claimed ? 'code' : 'replayed';
  }
  if (answer.recoveryCode) {
    if (!(await hasSecondFactor(db, userId))) return 'wrong';
    return (await spendRecoveryCode(db, userId, answer.recoveryCode)) ? 'recovery' : 'wrong';
  }
  return 'wrong';
}

/** The sign-in throttle in front of every code check; a refusal is recorded like a refused password. */
export async function throttled(db: Db, userId: number, subject: SignInSubject): Promise<void> {
  try {
    await checkSignInThrottle(db, subject);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      await recordSignInAttempt(db, { ...subject, userId, succeeded: false, reason: 'rate_limited' });
    }
    throw error;
  }
}

/** A wrong code: a failed attempt for the throttle and the security screen, and an audit row. */
export async function codeFailed(
  db: Db,
  userId: number,
  subject: SignInSubject,
  during: 'sign-in' | 'enrolment' | 'disable',
): Promise<void> {
  await recordSignInAttempt(db, { ...subject, userId, succeeded: false, reason: 'invalid_code' });
  await recordAudit(db, {
    actorId: userId,
    action: 'two_factor.code_failed',
    targetType: 'user',
    targetId: userId,
    after: { during },
    ip: subject.ip,
  });
}
