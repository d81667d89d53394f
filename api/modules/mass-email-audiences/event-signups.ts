import { sql } from 'kysely';
import { z } from 'zod';
import type { Audience } from '../mass-email/audiences';
import { eventAudienceId, signupRecipients } from './event-people';

export const EVENT_SIGNUPS = 'event-signups';

const params = z.object({
  eventId: eventAudienceId('Choose an event.'),
  /** A candidate's outreach sets it from the session (their own events only); GOTV staff leave it out. */
  hostId: eventAudienceId('Choose one of your events.').optional(),
});
export type EventSignupsParams = z.infer<typeof params>;

/**
 * 'event-signups' {eventId, hostId?} (issue 51, "signed up for event X"): everyone with a shift of
 * the event not cancelled, once each. With `hostId`, only that host's event names anyone.
 */
export const eventSignups: Audience<EventSignupsParams> = {
  kind: EVENT_SIGNUPS,
  params,
  missing: { eventId: ['Choose an event that exists.'] },
  async describe(db, { eventId, hostId }) {
    let query = db.selectFrom('events').select('title').where('id', '=', eventId);
    if (hostId !== undefined) query = query.where('host_id', '=', hostId);
    const row = await query.executeTakeFirst();
    if (!row) return null;
    return { label: `Signed up for ${row.title}`, reason: `you signed up for ${row.title}` };
  },
  recipients(_db, { eventId }) {
    return signupRecipients(
      sql`event_signups s`,
      sql<boolean>`s.event_id = ${eventId} AND EXISTS (SELECT 1 FROM event_shift_signups ss
        WHERE ss.signup_id = s.id AND ss.status <> 'cancelled')`,
    );
  },
};
