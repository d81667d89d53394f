import { sql } from 'kysely';
import { z } from 'zod';
import type { Audience } from '../mass-email/audiences';
import { eventAudienceId, signupRecipients } from './event-people';

export const EVENT_ATTENDEES = 'event-attendees';

/** "Recently": a shift that started within this many days (issue 51). */
export const ATTENDED_WITHIN_DAYS = 30;

const params = z.object({
  /** A candidate's outreach sets it from the session (their own events only); GOTV staff leave it out. */
  hostId: eventAudienceId('Sign in as a host.').optional(),
});
export type EventAttendeesParams = z.infer<typeof params>;

/**
 * 'event-attendees' {hostId?} (issue 51, "attended an event in the last 30 days"): everyone the
 * organizer checked in as attended on a shift that started in the last 30 days, once each; with
 * `hostId`, at that host's events only.
 */
export const eventAttendees: Audience<EventAttendeesParams> = {
  kind: EVENT_ATTENDEES,
  params,
  missing: { hostId: ['Sign in as a candidate or an organization.'] },
  async describe(db, { hostId }) {
    if (hostId === undefined) {
      return {
        label: `Attended an event in the last ${ATTENDED_WITHIN_DAYS} days`,
        reason: 'you attended a Campaign HQ event',
      };
    }
    const host = await db
      .selectFrom('users')
      .select(sql<string>`coalesce(org_name, concat_ws(' ', first_name, last_name))`.as('name'))
      .where('id', '=', hostId)
      .executeTakeFirst();
    if (!host) return null;
    return {
      label: `Attended an event of ${host.name} in the last ${ATTENDED_WITHIN_DAYS} days`,
      reason: `you attended an event of ${host.name}`,
    };
  },
  recipients(_db, { hostId }) {
    const ofHost = hostId === undefined ? sql`` : sql`AND e.host_id = ${hostId}`;
    return signupRecipients(
      sql`event_shift_signups ss JOIN event_shifts sh ON sh.id = ss.shift_id
        JOIN events e ON e.id = sh.event_id JOIN event_signups s ON s.id = ss.signup_id`,
      sql<boolean>`ss.attendance = 'attended'
        AND sh.starts_at >= now() - make_interval(days => ${ATTENDED_WITHIN_DAYS}::int) ${ofHost}`,
    );
  },
};
