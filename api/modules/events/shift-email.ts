import type { Db } from '../../../db/client';
import type { ComposeInput } from '../mass-email/schema';
import { sendsBy } from '../mass-email/sender-sends';
import { previewSend } from '../mass-email/sends';
import { type MemberEmailDeps, queueWithinPlan } from '../membership/plan-emails';
import { hitRateLimit } from '../rate-limits/service';

/**
 * "Message a shift" (issue 51, decision 0101): the organizer emails everyone signed up for one of
 * their shifts through the mass email module, so suppressed addresses are never sent, each address
 * is listed once per send, every email carries the one-click unsubscribe, and the recipients count
 * against the host's monthly allowance of their tier (follower_emails_per_month), charged in the
 * queuing transaction as a candidate's emails to their followers are.
 */

/** The audience's kind: registered by api/modules/mass-email-audiences (event-shift-volunteers.ts). */
export const EVENT_SHIFT_VOLUNTEERS = 'event-shift-volunteers';

const SEND_LIMIT = { name: 'shift-email-send', limit: 10, windowSeconds: 3600 };
const PREVIEW_LIMIT = { name: 'shift-email-preview', limit: 120, windowSeconds: 600 };

/** The host is always the signed-in member: the id comes from the session, the audience checks the shift is theirs. */
const audienceOf = (hostId: number, shiftId: number) => ({
  kind: EVENT_SHIFT_VOLUNTEERS,
  params: { hostId, shiftId },
});

export async function previewShiftEmail(
  deps: MemberEmailDeps,
  hostId: number,
  shiftId: number,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, PREVIEW_LIMIT, String(hostId));
  return previewSend(deps, audienceOf(hostId, shiftId), content);
}

export async function sendShiftEmail(
  deps: MemberEmailDeps,
  host: { id: number; ip: string },
  shiftId: number,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, SEND_LIMIT, String(host.id));
  return queueWithinPlan(deps, host, audienceOf(host.id, shiftId), content);
}

/** The host's emails to their shifts, newest first, with progress. */
export function listShiftEmails(db: Db, hostId: number) {
  return sendsBy(db, hostId, EVENT_SHIFT_VOLUNTEERS);
}
