import type { Db } from '../../../db/client';

/** The /setup form's initial values: what the member already told us, if their row is there. */
export function setupValues(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['state', 'party', 'position', 'interests', 'bio'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
