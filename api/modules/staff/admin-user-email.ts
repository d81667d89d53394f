import type { Db } from '../../../db/client';

/** The console's admin user info: the signed-in user's email (the session user does not carry it). */
export function adminUserEmail(db: Db, userId: number): Promise<{ email: string }> {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
}
