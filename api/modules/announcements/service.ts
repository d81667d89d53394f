import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { emit, type RealtimePort } from '../../ports/realtime';
import { recordAudit } from '../audit/service';
import { onlineUserIds } from '../presence/service';
import type { StaffActor } from '../staff/employees';

/** The notification type for "Announcement from staff" (docs/product/rulings.md, Notifications). */
export const ANNOUNCEMENT_TYPE = 11;
export const ANNOUNCEMENT_MAX_LENGTH = 280;

export const announcementInput = z.object({
  message: z
    .string({ error: 'Write the announcement.' })
    .trim()
    .min(1, 'Write the announcement.')
    .max(ANNOUNCEMENT_MAX_LENGTH, `Announcements can be at most ${ANNOUNCEMENT_MAX_LENGTH} characters.`),
  // Where a click on it goes: a path on this site only, never another origin.
  route: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || (/^\/(?!\/)/.test(v) && !/[\s\\]/.test(v)), {
      message: 'Use a path on this site, such as /membership.',
    }),
});
export type AnnouncementInput = z.infer<typeof announcementInput>;

/**
 * Sends an announcement to every member who can sign in and has not switched type 11 off: one
 * set-based INSERT … SELECT, so it costs one statement however many members there are. The
 * announcement, its notifications and the audit row commit together; members online right now
 * are told live, the rest see it on their next page.
 */
export async function sendAnnouncement(
  deps: { db: Db; realtime: RealtimePort },
  input: AnnouncementInput,
  actor: StaffActor,
) {
  const created = await deps.db.transaction().execute(async (trx) => {
    const announcement = await trx
      .insertInto('announcements')
      .values({ message: input.message, route: input.route, sent_by: actor.id })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const inserted = await sql<{ n: number }>`
      WITH sent AS (
        INSERT INTO notifications (user_id, type, message, route)
        SELECT u.id, ${ANNOUNCEMENT_TYPE}, ${input.message}, ${input.route}
        FROM users u
        WHERE u.deleted_at IS NULL
          AND u.blocked_at IS NULL
          AND u.password_hash IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM notification_preferences p
            WHERE p.user_id = u.id AND p.notification_type = ${ANNOUNCEMENT_TYPE} AND NOT p.enabled
          )
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM sent`.execute(trx);
    const recipients = inserted.rows[0]?.n ?? 0;
    await trx.updateTable('announcements').set({ recipients }).where('id', '=', announcement.id).execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'announcement.send',
      targetType: 'announcement',
      targetId: announcement.id,
      after: { message: input.message, route: input.route, recipients },
      ip: actor.ip,
    });
    return { id: announcement.id, recipients, created_at: announcement.created_at };
  });
  const online = await onlineUserIds(deps.db, deps.realtime).catch(() => []);
  for (const userId of online) emit(deps.realtime, userId, 'notification', { announcement: created.id });
  return { ...created, message: input.message, route: input.route, sent_by: actor.id };
}
