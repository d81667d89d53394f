import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/** This server process; rows of a process that stopped age out after ONLINE_WINDOW_SECONDS. */
export const INSTANCE_ID = randomUUID();
export const ONLINE_WINDOW_SECONDS = 60;

/** A live stream opened for the user in this process. */
export async function streamOpened(db: Db, userId: number, instanceId = INSTANCE_ID): Promise<void> {
  await db
    .insertInto('online_presence')
    .values({ user_id: userId, instance_id: instanceId, connections: 1, seen_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['user_id', 'instance_id']).doUpdateSet({
        connections: sql`online_presence.connections + 1`,
        seen_at: new Date(),
      }),
    )
    .execute();
}

export async function streamClosed(db: Db, userId: number, instanceId = INSTANCE_ID): Promise<void> {
  await db
    .updateTable('online_presence')
    .set({ connections: sql`greatest(connections - 1, 0)`, seen_at: new Date() })
    .where('user_id', '=', userId)
    .where('instance_id', '=', instanceId)
    .execute();
}

/** Called on every stream heartbeat, so a user counts as online while any stream stays open. */
export async function streamAlive(db: Db, userId: number, instanceId = INSTANCE_ID): Promise<void> {
  await db
    .updateTable('online_presence')
    .set({ seen_at: new Date() })
    .where('user_id', '=', userId)
    .where('instance_id', '=', instanceId)
    .execute();
}

/** Which of these users have an open stream on any process, seen within the last minute. */
export async function onlineAmong(db: Db, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('online_presence')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...userIds])
    .where('connections', '>', 0)
    .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS})`)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
