import type { Db } from '../../../db/client';
import { NotFoundError } from '../errors';

/** One of the campaign's connected supporters, or the normal 404 (another campaign's, or disconnected). */
export async function connectedSupporter(db: Db, ownerId: number, supporterId: number) {
  const row = await db
    .selectFrom('supporters')
    .selectAll()
    .where('id', '=', supporterId)
    .where('owner_id', '=', ownerId)
    .where('disconnected_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No such supporter.');
  return row;
}
