import type { Db } from '../../../db/client';
import type { JobsPort } from '../../ports/queue';
import type { MassEmailAudiences } from '../mass-email/audiences';
import type { MassEmailLinks } from '../mass-email/message';
import type { AudienceRef, ComposeInput } from '../mass-email/schema';
import { previewSend, queueSend } from '../mass-email/sends';
import { entitlementsOf } from '../membership/entitlements';
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

export interface ShiftEmailDeps {
  db: Db;
  jobs: JobsPort;
  audiences: MassEmailAudiences;
  links: MassEmailLinks;
}

const SEND_LIMIT = { name: 'shift-email-send', limit: 10, windowSeconds: 3600 };
const PREVIEW_LIMIT = { name: 'shift-email-preview', limit: 120, windowSeconds: 600 };

/** The host is always the signed-in member: the id comes from the session, the audience checks the shift is theirs. */
const audienceOf = (hostId: number, shiftId: number) => ({
  kind: EVENT_SHIFT_VOLUNTEERS,
  params: { hostId, shiftId },
});

export async function previewShiftEmail(
  deps: ShiftEmailDeps,
  hostId: number,
  shiftId: number,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, PREVIEW_LIMIT, String(hostId));
  return previewSend(deps, audienceOf(hostId, shiftId), content);
}

/**
 * Queues a member's email to `ref` within their plan's monthly emails (the recipients charged in the
 * queuing transaction); refused with field errors, nothing stored, when nobody would get it or it
 * passes the allowance. Shared by the shift email and the candidate's event emails.
 */
export async function queueWithinPlan(
  deps: ShiftEmailDeps,
  sender: { id: number; ip: string },
  ref: AudienceRef,
  content: ComposeInput,
) {
  const { followerEmailsPerMonth } = await entitlementsOf(deps.db, sender.id);
  return queueSend(
    deps,
    ref,
    content,
    { id: sender.id, ip: sender.ip, permissions: [] },
    { allowance: { userId: sender.id, perMonth: followerEmailsPerMonth } },
  );
}

export async function sendShiftEmail(
  deps: ShiftEmailDeps,
  host: { id: number; ip: string },
  shiftId: number,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, SEND_LIMIT, String(host.id));
  return queueWithinPlan(deps, host, audienceOf(host.id, shiftId), content);
}

/** The host's emails to their shifts, newest first, with progress. */
export function listShiftEmails(db: Db, hostId: number) {
  return db
    .selectFrom('mass_email_sends')
    .select(['id', 'audience_label', 'subject', 'status', 'total', 'sent_count', 'suppressed_count'])
    .where('audience_kind', '=', EVENT_SHIFT_VOLUNTEERS)
    .where('created_by', '=', hostId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}
