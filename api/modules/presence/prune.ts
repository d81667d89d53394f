import type { Db } from '../../../db/client';

/** Maintenance: presence rows of closed streams or stopped processes, not seen since the cutoff. */
export async function pruneStalePresence(db: Db, cutoff: Date): Promise<void> {
  await db.deleteFrom('online_presence').where('seen_at', '<', cutoff).execute();
}
