import type { Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import type { NotificationItem } from '../../contract/notification-types';
import { emit, type RealtimePort } from '../../ports/realtime';
import { ForbiddenError, NotFoundError } from '../errors';

export interface NewNotification {
  userId: number;
  type: number;
  message: string;
  route?: string | null;
  relatedUserId?: number | null;
}

const LIST_LIMIT = 100;

/**
 * Stores a notification unless the user switched that type off in their settings. Runs inside the
 * caller's transaction (a message and its notification commit together); returns the row to
 * publish after commit, or null when the user does not want it.
 */
export async function createNotification(
  trx: Transaction<Database> | Db,
  input: NewNotification,
): Promise<{ id: number; userId: number } | null> {
  const preference = await trx
    .selectFrom('notification_preferences')
    .select('enabled')
    .where('user_id', '=', input.userId)
    .where('notification_type', '=', input.type)
    .executeTakeFirst();
  if (preference && !preference.enabled) return null;
  const row = await trx
    .insertInto('notifications')
    .values({
      user_id: input.userId,
      type: input.type,
      message: input.message,
      route: input.route ?? null,
      related_user_id: input.relatedUserId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, userId: input.userId };
}

/** Tells the user's open pages after commit; they refetch the list. */
export function announceNotification(realtime: RealtimePort, created: { id: number; userId: number } | null) {
  if (created) emit(realtime, created.userId, 'notification', { id: created.id });
}

function ensureSelf(sessionUserId: number, userid: number) {
  if (sessionUserId !== userid) throw new ForbiddenError('You can only see your own notifications.');
}

export async function listNotifications(
  db: Db,
  sessionUserId: number,
  userid: number,
): Promise<NotificationItem[]> {
  ensureSelf(sessionUserId, userid);
  const rows = await db
    .selectFrom('notifications as n')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'n.related_user_id').on('u.deleted_at', 'is', null))
    .select([
      'n.id',
      'n.message',
      'n.type',
      'n.is_read',
      'n.created_at',
      'n.route',
      'u.id as related_id',
      'u.first_name',
      'u.last_name',
      'u.org_name',
      'u.profile_image',
    ])
    .where('n.user_id', '=', userid)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    type: r.type,
    isread: r.is_read,
    createtimestamp: r.created_at,
    route: r.route,
    relateduser:
      r.related_id === null
        ? null
        : {
            id: r.related_id,
            firstname: r.first_name ?? r.org_name ?? '',
            lastname: r.last_name ?? '',
            profileimage: r.profile_image,
          },
  }));
}

export async function markAsRead(db: Db, sessionUserId: number, notificationId: number): Promise<void> {
  const row = await db
    .selectFrom('notifications')
    .select('user_id')
    .where('id', '=', notificationId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('This notification does not exist.');
  if (row.user_id !== sessionUserId) throw new ForbiddenError('You can only mark your own notifications.');
  await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', notificationId)
    .where('user_id', '=', sessionUserId)
    .execute();
}

export async function markAllAsRead(
  db: Db,
  sessionUserId: number,
  userid: number,
): Promise<{ updated: number }> {
  ensureSelf(sessionUserId, userid);
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userid)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return { updated: Number(result.numUpdatedRows) };
}
