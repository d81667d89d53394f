import type { Db } from '../../../db/client';

/** The /contact form's email for a signed-in member, or null when their row is gone. */
export async function contactFormEmail(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}
