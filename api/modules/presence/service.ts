import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { RealtimePort } from '../../ports/realtime';

/** This server process: each process keeps its own row per user. */
export const INSTANCE_ID = randomUUID();
/** Streams send a heartbeat every 25 s; a user is online while one was seen within a minute. */
export const ONLINE_WINDOW_SECONDS = 60;

/**
 * A live stream of the user's is open (or still alive) in this process. Presence is driven by
 * heartbeats alone: a stream that closes, or a process that dies, simply stops refreshing its
 * row and ages out, so nothing has to run when a connection drops.
 */
export async function streamSeen(db: Db, userId: number, instanceId: string = INSTANCE_ID): Promise<void> {
  await db
    .insertInto('online_presence')
    .values({ user_id: userId, instance_id: instanceId, seen_at: new Date() })
    .onConflict((oc) => oc.columns(['user_id', 'instance_id']).doUpdateSet({ seen_at: new Date() }))
    .execute();
}

/** Which of these users have a stream seen within the last minute, on any process. */
export async function onlineAmong(db: Db, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('online_presence')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...userIds])
    .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS})`)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Everyone online now: from Ably's presence when realtime runs there, else from online_presence. */
export async function onlineUserIds(db: Db, realtime: RealtimePort): Promise<number[]> {
  if (realtime.presentUserIds) return realtime.presentUserIds();
  const rows = await db
    .selectFrom('online_presence')
    .select('user_id')
    .distinct()
    .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS})`)
    .execute();
  return rows.map((r) => r.user_id);
}
