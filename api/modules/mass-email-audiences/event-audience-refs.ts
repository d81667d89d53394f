import type { AudienceRef } from '../mass-email/schema';
import { EVENT_ATTENDEES } from './event-attendees';
import { EVENT_SIGNUPS } from './event-signups';

/**
 * The event audiences a form or the GOTV screen picks by `audience` (issue 51, decision 0101):
 * 'event-signups' with `eventId`, 'event-attendees'. `hostId`, when given, is the signed-in host's
 * own id from the session (a candidate reaches only their own events' people); staff give none.
 * Null when `audience` names none of them, so the caller's own audience applies.
 */
export function eventAudienceRef(body: Record<string, unknown>, hostId?: number): AudienceRef | null {
  const ofHost = hostId === undefined ? {} : { hostId };
  if (body.audience === EVENT_SIGNUPS)
    return { kind: EVENT_SIGNUPS, params: { eventId: body.eventId, ...ofHost } };
  if (body.audience === EVENT_ATTENDEES) return { kind: EVENT_ATTENDEES, params: ofHost };
  return null;
}
