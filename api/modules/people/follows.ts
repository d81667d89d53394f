import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import type { RealtimePort } from '../../ports/realtime';
import { NotFoundError, ValidationError } from '../errors';
import { nameOf } from '../notifications/names';
import { announceNotification, createNotification } from '../notifications/service';
import { hitRateLimit } from '../rate-limits/service';

/**
 * Members follow each other. A follow is one row; a new follow notifies the followee (type 2),
 * live when a realtime port is given.
 */
const FOLLOW_LIMIT = { name: 'follow', limit: 120, windowSeconds: 3600 };

export async function follow(
  db: Db,
  followerId: number,
  followeeId: number,
  realtime?: RealtimePort,
): Promise<{ following: true }> {
  if (followerId === followeeId) throw new ValidationError({ userId: ['You cannot follow yourself.'] });
  await hitRateLimit(db, FOLLOW_LIMIT, String(followerId));
  const target = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', followeeId)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!target) throw new NotFoundError('This member does not exist.');
  // Following twice is the same as following once.
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .returning('follower_id')
      .executeTakeFirst();
    if (!inserted) return null;
    return createNotification(trx, {
      userId: followeeId,
      type: NOTIFICATION_TYPE.newFollower,
      message: `${await nameOf(trx, followerId)} started following you.`,
      route: `/profile/member/${followerId}`,
      relatedUserId: followerId,
    });
  });
  if (realtime) announceNotification(realtime, created);
  return { following: true };
}

export async function unfollow(
  db: Db,
  followerId: number,
  followeeId: number,
): Promise<{ following: false }> {
  await hitRateLimit(db, FOLLOW_LIMIT, String(followerId));
  await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();
  return { following: false };
}

export async function isFollowing(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Followers and followings that still have an account. */
export async function followCounts(
  db: Db,
  userId: number,
): Promise<{ followers: number; following: number }> {
  const row = await db
    .selectNoFrom([
      sql<number>`(SELECT count(*)::int FROM follows f JOIN users u ON u.id = f.follower_id
        WHERE f.followee_id = ${userId} AND u.blocked_at IS NULL AND u.deleted_at IS NULL)`.as('followers'),
      sql<number>`(SELECT count(*)::int FROM follows f JOIN users u ON u.id = f.followee_id
        WHERE f.follower_id = ${userId} AND u.blocked_at IS NULL AND u.deleted_at IS NULL)`.as('following'),
    ])
    .executeTakeFirstOrThrow();
  return { followers: Number(row.followers), following: Number(row.following) };
}
