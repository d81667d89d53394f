import { sql } from 'kysely';
import { z } from 'zod';
import { EVENT_SHIFT_VOLUNTEERS } from '../events/shift-email';
import { zonedText } from '../events/zoned-time';
import type { Audience } from '../mass-email/audiences';
import { eventAudienceId, signupRecipients } from './event-people';

export { EVENT_SHIFT_VOLUNTEERS };

const params = z.object({
  /** Always the signed-in organizer: the page sets it from the session, never from the form. */
  hostId: eventAudienceId('Sign in as the event’s host.'),
  shiftId: eventAudienceId('Choose a shift of your event.'),
});
export type EventShiftVolunteersParams = z.infer<typeof params>;

/**
 * 'event-shift-volunteers' {hostId, shiftId} (issue 51, "Message a shift"): everyone signed up for
 * one shift, confirmed or waiting, once each. `describe` finds nothing for another host's shift, so an
 * organizer only ever reaches their own volunteers.
 */
export const eventShiftVolunteers: Audience<EventShiftVolunteersParams> = {
  kind: EVENT_SHIFT_VOLUNTEERS,
  params,
  missing: { shiftId: ['Choose a shift of one of your events.'] },
  async describe(db, { hostId, shiftId }) {
    const row = await db
      .selectFrom('event_shifts as sh')
      .innerJoin('events as e', 'e.id', 'sh.event_id')
      .select(['e.title', 'e.time_zone', 'sh.starts_at'])
      .where('sh.id', '=', shiftId)
      .where('e.host_id', '=', hostId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      label: `Volunteers of ${row.title}, ${zonedText(new Date(row.starts_at), row.time_zone)}`,
      reason: `you signed up for ${row.title}`,
    };
  },
  recipients(_db, { shiftId }) {
    return signupRecipients(
      sql`event_shift_signups ss JOIN event_signups s ON s.id = ss.signup_id`,
      sql<boolean>`ss.shift_id = ${shiftId} AND ss.status <> 'cancelled'`,
    );
  },
};
