import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { AudienceRecipient } from '../mass-email/audiences';

/**
 * What the event audiences share (issue 51, docs/decisions/0101-event-organizer-tools.md): people
 * who signed up for events, as recipients. A sign-up's first word is its first name; a sign-up
 * whose account was deleted (its address replaced by '…@deleted.invalid') is never a recipient.
 */
export const eventAudienceId = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

/** The recipients among event_signups `s` (joined as the caller's FROM) that meet `where`. */
export function signupRecipients(from: RawBuilder<unknown>, where: RawBuilder<boolean>) {
  return sql<AudienceRecipient>`
    SELECT DISTINCT ON (lower(s.email)) lower(s.email) AS email, split_part(s.name, ' ', 1) AS first_name
    FROM ${from}
    WHERE ${where} AND position('@' in s.email) > 0 AND s.email NOT LIKE '%@deleted.invalid'
    ORDER BY lower(s.email), s.id DESC`;
}
