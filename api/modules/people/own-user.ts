import type { Db } from '../../../db/client';
import type { User } from '../../../db/schema';

/** The signed-in member's own row, every column (the member pages read and edit it). */
export function ownUserRow(db: Db, userId: number): Promise<User> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}
