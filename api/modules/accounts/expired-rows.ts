import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/** Maintenance: sessions past their expiry, which no request will read again. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

/** Maintenance: email tokens that expired before the cutoff (a week past their expiry). */
export async function deleteExpiredEmailTokens(db: Db, cutoff: Date): Promise<void> {
  await db.deleteFrom('email_tokens').where('expires_at', '<', sql<Date>`${cutoff}`).execute();
}
