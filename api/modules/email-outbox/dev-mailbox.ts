import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/** The dev mailbox (/dev/mailbox): the newest stored emails, optionally only those to one address. */
export function mailboxEmails(db: Db, to: string, limit: number) {
  let query = db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit);
  if (to) query = query.where(sql`lower(to_address)`, '=', to.toLowerCase());
  return query.execute();
}
