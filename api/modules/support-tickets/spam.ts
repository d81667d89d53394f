import type { Db } from '../../../db/client';
import { hitRateLimit } from '../rate-limits/service';

/**
 * Spam resistance on the public form, with no third-party captcha (docs/decisions/0029-help-center-and-support-tickets.md):
 * - a honeypot field (`website`) hidden from people, which form-filling bots fill;
 * - a minimum fill time, measured in the browser by the form's island (`fill_ms`, clock-free):
 *   a person does not read, choose and write in under three seconds. A post without it (no
 *   JavaScript) is not refused: the rate limits below still hold it;
 * - per-address and per-email rate limits, shared by every server process (the database).
 */
export const MIN_FILL_MS = 3000;
export const TICKET_IP_LIMIT = { name: 'support-ticket-ip', limit: 5, windowSeconds: 600 };
export const TICKET_EMAIL_LIMIT = {
  name: 'support-ticket-email',
  limit: 3,
  windowSeconds: 3600,
  message:
    'You have sent several requests in the last hour. We will answer them; please wait before sending more.',
};
/** A requester's replies on one thread: a conversation, not a flood. */
export const REPLY_LIMIT = { name: 'support-reply', limit: 20, windowSeconds: 3600 };
/** Staff replies and notes, per staff member: more is a script, not a person. */
export const STAFF_MESSAGE_LIMIT = { name: 'support-staff-message', limit: 120, windowSeconds: 600 };

export function looksAutomated(input: { website?: string; fill_ms?: string }): boolean {
  if (input.website && input.website.trim() !== '') return true;
  if (input.fill_ms === undefined || input.fill_ms === '') return false;
  const ms = Number(input.fill_ms);
  return !Number.isFinite(ms) || ms < MIN_FILL_MS;
}

export async function limitNewTickets(db: Db, ip: string, email: string): Promise<void> {
  await hitRateLimit(db, TICKET_IP_LIMIT, ip);
  await hitRateLimit(db, TICKET_EMAIL_LIMIT, email);
}
