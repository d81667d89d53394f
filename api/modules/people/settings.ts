import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../../db/client';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { NOTIFICATION_TYPES } from '../../contract/notification-types';
import type { EmailPort } from '../../ports/email';
import { consumeEmailToken, issueEmailToken } from '../accounts/email-tokens';
import { ConflictError, ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { memberOrdersQuery } from '../shop/member-orders';
import { emailChangedNotice, emailChangeLink } from './emails';
import { PROFILE_WRITE_LIMIT } from './profiles';
import type { NamesInput } from './schema';

/** /settings: the account's names, sign-in email and password, and notification choices. */

export interface SettingsDeps {
  db: Db;
  email: EmailPort;
  appUrl: string;
}

/**
 * Ten password checks an hour per account, counted before checking: settings must not become a
 * way to guess the password of a session left open.
 */
const PASSWORD_CHECK_LIMIT = {
  name: 'settings-password',
  limit: 10,
  windowSeconds: 3600,
  message: 'Too many password checks. Please wait an hour and try again.',
};

export async function requirePassword(
  db: Db,
  userId: number,
  password: string,
  field: string,
): Promise<void> {
  await hitRateLimit(db, PASSWORD_CHECK_LIMIT, String(userId));
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.password_hash && (await verifyPassword(user.password_hash, password))) return;
  throw new ValidationError({ [field]: ['That is not your current password.'] });
}

export async function updateNames(db: Db, userId: number, input: NamesInput): Promise<void> {
  await hitRateLimit(db, PROFILE_WRITE_LIMIT, String(userId));
  const user = await db.selectFrom('users').select('kind').where('id', '=', userId).executeTakeFirstOrThrow();
  if (user.kind === 'organization') {
    if (!input.orgName) throw new ValidationError({ orgName: ['Please enter your organization’s name.'] });
    await db
      .updateTable('users')
      .set({ org_name: input.orgName, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    return;
  }
  const errors: Record<string, string[]> = {};
  if (!input.firstName) errors.firstName = ['Please enter your first name.'];
  if (!input.lastName) errors.lastName = ['Please enter your last name.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await db
    .updateTable('users')
    .set({ first_name: input.firstName!, last_name: input.lastName!, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/**
 * Starts an email change: nothing changes until the link sent to the new address is opened,
 * which proves the member owns it. The old address is told, so a hijacker cannot do it quietly.
 */
export async function requestEmailChange(
  deps: SettingsDeps,
  userId: number,
  input: { newEmail: string; password: string },
): Promise<void> {
  await requirePassword(deps.db, userId, input.password, 'password');
  await hitRateLimit(deps.db, { name: 'email-change', limit: 5, windowSeconds: 3600 }, String(userId));
  const current = await deps.db
    .selectFrom('users')
    .select(['email', 'first_name', 'org_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (current.email.toLowerCase() === input.newEmail) {
    throw new ValidationError({ newEmail: ['This is already your email address.'] });
  }
  const taken = await deps.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', input.newEmail)
    .executeTakeFirst();
  if (taken) throw new ValidationError({ newEmail: ['Another account uses this email address.'] });
  const token = await issueEmailToken(deps.db, userId, 'change_email', input.newEmail);
  const name = current.first_name ?? current.org_name ?? 'there';
  await deps.email.send(
    deps.db,
    emailChangeLink(input.newEmail, name, `${deps.appUrl}/settings/email/confirm?token=${token}`),
  );
  await deps.email.send(deps.db, emailChangedNotice(current.email, name, input.newEmail));
}

/** The pending change (address and expiry) shown on /settings, or null. */
export async function pendingEmailChange(db: Db, userId: number) {
  return (await pendingEmailChangeQuery(db, userId).executeTakeFirst()) ?? null;
}

/** The query behind pendingEmailChange, for pages that read it with others in one statement. */
export function pendingEmailChangeQuery(db: Db, userId: number) {
  return db
    .selectFrom('email_tokens')
    .select(['email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('created_at', 'desc')
    .limit(1);
}

/** Applies the change the link stands for; the new address is verified by the click itself. */
export async function confirmEmailChange(
  db: Db,
  token: string,
): Promise<{ userId: number; email: string } | null> {
  return db.transaction().execute(async (trx) => {
    const used = await consumeEmailToken(trx, token, 'change_email');
    if (!used) return null;
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', used.email.toLowerCase())
      .where('id', '<>', used.user_id)
      .executeTakeFirst();
    if (taken) throw new ConflictError('Another account started using this email address in the meantime.');
    await trx
      .updateTable('users')
      .set({ email: used.email, email_verified_at: new Date(), updated_at: new Date() })
      .where('id', '=', used.user_id)
      .execute();
    return { userId: used.user_id, email: used.email };
  });
}

/**
 * Changes the password after checking the current one, then signs out every other session:
 * whoever might know the old password loses access, this browser stays signed in.
 */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionId: string | null,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await requirePassword(db, userId, input.currentPassword, 'currentPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
    let others = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (currentSessionId) others = others.where('id', '<>', currentSessionId);
    await others.execute();
  });
}

/** Every type with its stored choice; a type never chosen is on. */
export async function notificationPreferences(db: Db, userId: number) {
  return notificationChoices(await notificationPreferencesQuery(db, userId).execute());
}

/** The stored choices behind notificationPreferences, for pages that read them with others. */
export function notificationPreferencesQuery(db: Db, userId: number) {
  return db
    .selectFrom('notification_preferences')
    .select(['notification_type', 'enabled'])
    .where('user_id', '=', userId);
}

/** Every notification type with the member's choice; a type never stored is on. */
export function notificationChoices(rows: { notification_type: number | string; enabled: boolean }[]) {
  const stored = new Map(rows.map((r) => [Number(r.notification_type), r.enabled]));
  return NOTIFICATION_TYPES.map((t) => ({ ...t, enabled: stored.get(t.type) ?? true }));
}

/** Stores one boolean per type; types left out of `choices` are turned off (an unticked box). */
export async function setNotificationPreferences(
  db: Db,
  userId: number,
  choices: Record<string, boolean>,
): Promise<void> {
  await hitRateLimit(db, PROFILE_WRITE_LIMIT, String(userId));
  const rows = NOTIFICATION_TYPES.map((t) => ({
    user_id: userId,
    notification_type: t.type,
    enabled: choices[String(t.type)] === true,
  }));
  await db
    .insertInto('notification_preferences')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'notification_type'])
        .doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled'), updated_at: sql`now()` })),
    )
    .execute();
}

/**
 * /settings' data in one round trip: the member's row, a pending email change, notification
 * choices and recent orders (each statement costs a round trip and a wake-up of the database).
 * Lookups by the member's id, whichever member.
 */
export const settingsPageRows = (db: Db, userId: number) =>
  db
    .selectFrom('users')
    .selectAll('users')
    .select([
      jsonObjectFrom(pendingEmailChangeQuery(db, userId)).as('pending'),
      jsonArrayFrom(notificationPreferencesQuery(db, userId)).as('notification_rows'),
      jsonArrayFrom(memberOrdersQuery(db, userId)).as('order_rows'),
    ])
    .where('users.id', '=', userId)
    .execute();
