import { z } from 'zod';
import type { ComposeInput } from '../mass-email/schema';
import { composeInput } from '../mass-email/schema';
import { previewSend } from '../mass-email/sends';
import { eventAudienceRef } from '../mass-email-audiences/event-audience-refs';
import {
  MEMBER_EMAIL_PREVIEW_LIMIT as PREVIEW_LIMIT,
  queueWithinPlan,
  MEMBER_EMAIL_SEND_LIMIT as SEND_LIMIT,
} from '../membership/plan-emails';
import { hitRateLimit } from '../rate-limits/service';
import type { OutreachDeps } from './outreach';

/**
 * A candidate emails the people of their own events (issue 51, decision 0101): everyone signed up
 * for one of their events, or everyone who attended one of their events in the last 30 days. The
 * host is the session's candidate, so no one else's volunteers are reachable; the recipients count
 * against the same monthly allowance as emails to followers and donors.
 */
export const eventPeopleEmailInput = composeInput.extend({
  audience: z.enum(['event-signups', 'event-attendees'], 'Choose who receives the email.'),
  eventId: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
});
export type EventPeopleEmail = z.infer<typeof eventPeopleEmailInput>;

const refOf = (candidateId: number, email: EventPeopleEmail) =>
  eventAudienceRef({ audience: email.audience, eventId: email.eventId }, candidateId)!;

const contentOf = ({ subject, body, fromName }: EventPeopleEmail): ComposeInput => ({
  subject,
  body,
  fromName,
});

export async function previewEventPeopleEmail(
  deps: OutreachDeps,
  candidateId: number,
  email: EventPeopleEmail,
) {
  await hitRateLimit(deps.db, PREVIEW_LIMIT, String(candidateId));
  return previewSend(deps, refOf(candidateId, email), contentOf(email));
}

export async function sendEventPeopleEmail(
  deps: OutreachDeps,
  candidate: { id: number; ip: string },
  email: EventPeopleEmail,
) {
  await hitRateLimit(deps.db, SEND_LIMIT, String(candidate.id));
  return queueWithinPlan(deps, candidate, refOf(candidate.id, email), contentOf(email));
}
