import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { createNotification } from '../notifications/service';
import type { Mentioned } from './mentions';

/** A notification row to announce once the post has committed. */
export interface Created {
  id: number;
  userId: number;
}

/** Type 9 to each mentioned member (at most ten), unless they switched it off. */
export async function notifyMentioned(
  trx: Transaction<Database>,
  post: { id: number; authorId: number; authorName: string },
  mentioned: Mentioned[],
): Promise<Created[]> {
  const created: Created[] = [];
  for (const person of mentioned) {
    const row = await createNotification(trx, {
      userId: person.id,
      type: NOTIFICATION_TYPE.mentionedInPost,
      message: `${post.authorName} mentioned you in a post.`,
      route: `/social-media/posts/${post.id}`,
      relatedUserId: post.authorId,
    });
    if (row) created.push(row);
  }
  return created;
}

/**
 * Type 10 to every follower of the candidate, in one INSERT … SELECT whatever their number:
 * followers whose account is blocked or deleted, who switched type 10 off, or who were already
 * told by a mention are left out.
 */
export async function notifyFollowers(
  trx: Transaction<Database>,
  post: { id: number; authorId: number; authorName: string; campaignName: string },
  alreadyTold: number[],
): Promise<Created[]> {
  const type = NOTIFICATION_TYPE.campaignUpdate;
  const message = `${post.authorName} posted an update to ${post.campaignName}.`;
  const skip = alreadyTold.length ? alreadyTold : [0];
  const result = await sql<{ id: number; user_id: number }>`
    INSERT INTO notifications (user_id, type, message, route, related_user_id)
    SELECT f.follower_id, ${type}, ${message}, ${`/social-media/posts/${post.id}`}, ${post.authorId}
    FROM follows f
    JOIN users u ON u.id = f.follower_id AND u.blocked_at IS NULL AND u.deleted_at IS NULL
    WHERE f.followee_id = ${post.authorId}
      AND f.follower_id NOT IN (${sql.join(skip)})
      AND NOT EXISTS (
        SELECT 1 FROM notification_preferences p
        WHERE p.user_id = f.follower_id AND p.notification_type = ${type} AND NOT p.enabled)
    RETURNING id, user_id`.execute(trx);
  return result.rows.map((r) => ({ id: r.id, userId: r.user_id }));
}
