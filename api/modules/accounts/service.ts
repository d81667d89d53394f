import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { hashPassword } from '../../auth/passwords';
import { invalidateUserSessions } from '../../auth/sessions';
import { avatarUrlFor } from '../../contract/avatars';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import { ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { isReferenceValue } from '../reference-options/service';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { existingAccountEmail, passwordResetEmail, verificationEmail } from './emails';
import { noSoonerThan } from './no-sooner-than';
import type { SetupInput, SignUpInput } from './schema';

export interface AccountDeps {
  db: Db;
  email: EmailPort;
  appUrl: string;
  ip: string;
  /** argon2id by default; a seam so tests can prove every sign-up pays for one hash. */
  hashPassword?: (password: string) => Promise<string>;
}

/**
 * Creates an unverified account and emails the verification link. An address that already has
 * an account gets a "you already have an account" email instead. Both paths do the same work
 * (one argon2 hash, one transaction holding an insert that the unique index may refuse and the
 * queued email, one delivery after commit) and give the same answer, so neither the answer nor
 * its timing tells who is a member (docs/decisions/0015-sign-in-throttling-safe-redirects-equal-time-sign-up.md; `npm run bench -- signup-timing`).
 */
export async function signUp(deps: AccountDeps, input: SignUpInput): Promise<void> {
  await hitRateLimit(deps.db, { name: 'signup', limit: 10, windowSeconds: 3600 }, deps.ip);
  await noSoonerThan(SIGN_UP_FLOOR_MS, () => createAccountOrNotify(deps, input));
}

/**
 * Creating an account still writes two more rows than notifying its owner (a few milliseconds,
 * measured by the bench); every sign-up answer therefore takes at least this long, which is above
 * the work's usual duration here (p95 about 110-190 ms with other load on the machine).
 */
export const SIGN_UP_FLOOR_MS = 300;

/** signUp's work without the rate limit and the floor (exported for the timing bench). */
export async function createAccountOrNotify(deps: AccountDeps, input: SignUpInput): Promise<void> {
  const passwordHash = await (deps.hashPassword ?? hashPassword)(input.password);
  const name = input.kind === 'individual' ? `${input.firstName} ${input.lastName}` : input.orgName;
  await deps.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email: input.email,
        password_hash: passwordHash,
        kind: input.kind,
        first_name: input.kind === 'individual' ? input.firstName : null,
        last_name: input.kind === 'individual' ? input.lastName : null,
        org_name: input.kind === 'organization' ? input.orgName : null,
        handle: null,
        state: null,
        party: null,
        position: null,
        bio: null,
        profile_image: avatarUrlFor(name, input.email, input.kind),
        candidate_office: null,
        candidate_district: null,
        email_verified_at: null,
        blocked_at: null,
        blocked_reason: null,
        setup_completed_at: null,
        // Its first sign-in is its maker's: no "new sign-in" alert for it (sign-in-devices.ts).
        first_sign_in_pending: true,
      })
      // An address that has an account (or wins a race for one) is decided by the unique index,
      // not by a lookup first: a lookup would answer the registered address sooner.
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    const token = user ? await issueEmailToken(trx, user.id, 'verify_email', input.email) : null;
    // Queued in the same transaction either way, so both paths commit (and flush) exactly once.
    await deps.email.send(
      trx,
      token
        ? verificationEmail(input.email, name, `${deps.appUrl}/auth/verify-email?token=${token}`)
        : existingAccountEmail(
            input.email,
            `${deps.appUrl}/auth/signin`,
            `${deps.appUrl}/auth/reset-password`,
          ),
    );
  });
  await deliverAfterCommit(deps.db, deps.email);
}

/** Resends the link to an unverified account (used when it tries to sign in). */
export async function resendVerification(deps: AccountDeps, userId: number): Promise<void> {
  await hitRateLimit(deps.db, { name: 'verify-resend', limit: 3, windowSeconds: 3600 }, String(userId));
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'first_name', 'org_name', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.email_verified_at) return;
  const token = await issueEmailToken(deps.db, userId, 'verify_email', user.email);
  await deps.email.send(
    deps.db,
    verificationEmail(
      user.email,
      user.first_name ?? user.org_name ?? 'there',
      `${deps.appUrl}/auth/verify-email?token=${token}`,
    ),
  );
}

export async function verifyEmail(db: Db, token: string): Promise<{ verified: boolean }> {
  const used = await consumeEmailToken(db, token, 'verify_email');
  if (!used) return { verified: false };
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', used.user_id)
    .where(sql`lower(email)`, '=', used.email.toLowerCase())
    .execute();
  return { verified: true };
}

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  await hitRateLimit(deps.db, { name: 'reset-request', limit: 5, windowSeconds: 900 }, deps.ip);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, '=', email)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
  if (!user) return;
  const token = await issueEmailToken(deps.db, user.id, 'reset_password', user.email);
  await deps.email.send(
    deps.db,
    passwordResetEmail(user.email, `${deps.appUrl}/auth/reset-password?token=${token}`),
  );
}

export class InvalidTokenError extends ValidationError {
  constructor() {
    super(
      { token: ['This link has expired or was already used. Please request a new one.'] },
      'This link has expired or was already used.',
    );
  }
}

/** Sets the new password and signs the account out everywhere. Following the link proves the email too. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const used = await consumeEmailToken(trx, token, 'reset_password');
    if (!used) throw new InvalidTokenError();
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        updated_at: new Date(),
        email_verified_at: sql`coalesce(email_verified_at, now())`,
      })
      .where('id', '=', used.user_id)
      .execute();
    await invalidateUserSessions(trx, used.user_id);
  });
}

export async function completeSetup(db: Db, userId: number, input: SetupInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await isReferenceValue(db, 'states', input.state))) errors.state = ['Please choose your state.'];
  if (!(await isReferenceValue(db, 'party', input.party)))
    errors.party = ['Please choose a party, or Independent.'];
  if (input.position && !(await isReferenceValue(db, 'position', input.position))) {
    errors.position = ['Please choose a position from the list.'];
  }
  for (const interest of input.interests) {
    if (
      !(await isReferenceValue(db, 'hobby', interest)) &&
      !(await isReferenceValue(db, 'position', interest))
    ) {
      errors.interests = ['Please choose interests from the list.'];
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await db
    .updateTable('users')
    .set({
      state: input.state,
      party: input.party,
      position: input.position ?? null,
      interests: [...new Set(input.interests)],
      bio: input.bio ?? null,
      setup_completed_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}
