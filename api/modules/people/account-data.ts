import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { FilesPort } from '../../ports/files';
import { recordAudit } from '../audit/service';
import { ValidationError } from '../errors';
import { eventSignupsOf, forgetMemberSignups } from '../events/account-data';
import { campaignsHolding, forgetMemberSupporters } from '../supporters/connections';
import { notificationPreferences, requirePassword } from './settings';

/**
 * "Export my data" and "Delete my account" (/settings). The export is everything the platform
 * keeps about the member; the deletion removes all of it except what the law makes us keep
 * (financial records), which stays attached to an anonymous tombstone row.
 */

export async function exportUserData(db: Db, userId: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const { password_hash: _secret, ...account } = user;
  const [following, followers, sessions, signIns, feedback, emailTokens, staff, actions, notifications] =
    await Promise.all([
      db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.followee_id')
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.org_name', 'follows.created_at'])
        .where('follows.follower_id', '=', userId)
        .execute(),
      db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.follower_id')
        .select(['users.id', 'users.first_name', 'users.last_name', 'users.org_name', 'follows.created_at'])
        .where('follows.followee_id', '=', userId)
        .execute(),
      // Session ids are hashes of secrets: the export names sessions, it never carries them.
      db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at', 'ip', 'user_agent'])
        .where('user_id', '=', userId)
        .execute(),
      db
        .selectFrom('sign_in_attempts')
        .select(['created_at', 'ip', 'succeeded', 'reason'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1000)
        .execute(),
      db
        .selectFrom('feedback')
        .select(['created_at', 'name', 'email', 'topic', 'state', 'message'])
        .where('user_id', '=', userId)
        .execute(),
      db
        .selectFrom('email_tokens')
        .select(['purpose', 'email', 'created_at', 'expires_at', 'used_at'])
        .where('user_id', '=', userId)
        .execute(),
      db
        .selectFrom('staff_members')
        .select(['role', 'department', 'title', 'extra_permissions', 'created_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('audit_logs')
        .select(['created_at', 'action', 'target_type', 'target_id'])
        .where('actor_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1000)
        .execute(),
      notificationPreferences(db, userId),
    ]);
  const eventSignups = await eventSignupsOf(db, userId);
  const campaigns = await campaignsHolding(db, userId);
  return {
    exportedAt: new Date().toISOString(),
    account,
    following,
    followers,
    notificationPreferences: notifications.map((n) => ({ type: n.type, label: n.label, enabled: n.enabled })),
    sessions,
    signInAttempts: signIns,
    feedback,
    emailRequests: emailTokens,
    staff: staff ?? null,
    staffActions: actions,
    eventSignups,
    campaigns,
  };
}

/**
 * Where financial records (orders, donations, subscriptions, payouts) are anonymized when their
 * owner deletes the account: they must be kept for accounting and campaign-finance law, but
 * without the person's contact details. There are none yet; the shop, donations and membership
 * modules add their step here, inside the deletion's transaction.
 */
export async function anonymizeFinancialRecords(_trx: Db, _userId: number): Promise<void> {}

/**
 * Deletes the account after the member typed their email and password. The users row stays as a
 * tombstone (same id, no personal data) so that kept records still point somewhere; everything
 * else about the person is removed. The uploaded profile image is removed after the commit.
 */
export async function deleteAccount(
  deps: { db: Db; files: FilesPort; ip: string },
  userId: number,
  input: { confirmEmail: string; password: string },
): Promise<void> {
  const { db } = deps;
  const user = await db
    .selectFrom('users')
    .select(['email', 'profile_image', 'kind'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (input.confirmEmail !== user.email.toLowerCase()) {
    throw new ValidationError({ confirmEmail: ['Type your email address exactly.'] });
  }
  await requirePassword(db, userId, input.password, 'password');

  await db.transaction().execute(async (trx) => {
    await anonymizeFinancialRecords(trx, userId);
    await forgetMemberSignups(trx, userId);
    await forgetMemberSupporters(trx, userId);
    await trx
      .deleteFrom('follows')
      .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
      .execute();
    await trx.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sign_in_devices').where('user_id', '=', userId).execute();
    await trx.deleteFrom('staff_members').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('sign_in_attempts')
      .where((eb) =>
        eb.or([eb('user_id', '=', userId), eb(sql`lower(email)`, '=', user.email.toLowerCase())]),
      )
      .execute();
    // Feedback is kept for the product team, without who sent it.
    await trx
      .updateTable('feedback')
      .set({ user_id: null, name: 'Deleted member', email: 'deleted@deleted.invalid' })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('users')
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        password_hash: null,
        // The name check constraint needs names by kind: the tombstone carries placeholders.
        first_name: user.kind === 'individual' ? 'Deleted' : null,
        last_name: user.kind === 'individual' ? 'member' : null,
        org_name: user.kind === 'organization' ? 'Deleted organization' : null,
        handle: null,
        is_vendor: false,
        is_candidate: false,
        is_admin: false,
        state: null,
        party: null,
        position: null,
        bio: null,
        profile_image: null,
        candidate_office: null,
        candidate_district: null,
        interests: [],
        profile_attributes: sql`'{}'::jsonb`,
        attribute_visibility: sql`'{}'::jsonb`,
        email_verified_at: null,
        deleted_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    await recordAudit(trx, {
      actorId: userId,
      action: 'account.delete',
      targetType: 'user',
      targetId: userId,
      ip: deps.ip,
    });
  });

  const imageKey = user.profile_image ? deps.files.keyOf(user.profile_image) : null;
  if (imageKey) await deps.files.remove(imageKey).catch(() => {});
}
