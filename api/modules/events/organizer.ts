import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { EventStatus } from '../../../db/schema';
import { NotFoundError } from '../errors';
import { type SignupSources, signupSources } from './referrals';

/**
 * The organizer's page of one event (issue 51, decision 0101): each shift with its places, waitlist
 * and attendance, and where the sign-ups came from. Only the host: anyone else is told there is no
 * such event.
 */
export interface OrganizerShift {
  id: number;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  confirmed: number;
  waitlisted: number;
  attended: number;
  noShows: number;
}

export interface OrganizerView {
  id: number;
  title: string;
  status: EventStatus;
  timeZone: string;
  unpublishedReason: string | null;
  shifts: OrganizerShift[];
  sources: SignupSources;
}

export async function organizerView(db: Db, hostId: number, eventId: number): Promise<OrganizerView> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'title', 'status', 'time_zone', 'unpublished_reason'])
    .where('id', '=', eventId)
    .where('host_id', '=', hostId)
    .executeTakeFirst();
  if (!event) throw new NotFoundError('There is no such event.');
  const count = (condition: string) => sql<number>`(count(ss.id) FILTER (WHERE ${sql.raw(condition)}))::int`;
  const shifts = await db
    .selectFrom('event_shifts as sh')
    .leftJoin('event_shift_signups as ss', 'ss.shift_id', 'sh.id')
    .select(['sh.id', 'sh.starts_at', 'sh.ends_at', 'sh.capacity'])
    .select([
      count(`ss.status = 'confirmed'`).as('confirmed'),
      count(`ss.status = 'waitlisted'`).as('waitlisted'),
      count(`ss.status <> 'cancelled' AND ss.attendance = 'attended'`).as('attended'),
      count(`ss.status <> 'cancelled' AND ss.attendance = 'no_show'`).as('no_shows'),
    ])
    .where('sh.event_id', '=', eventId)
    .groupBy('sh.id')
    .orderBy('sh.starts_at')
    .orderBy('sh.id')
    .execute();
  return {
    id: event.id,
    title: event.title,
    status: event.status,
    timeZone: event.time_zone,
    unpublishedReason: event.unpublished_reason,
    shifts: shifts.map((s) => ({
      id: s.id,
      startsAt: new Date(s.starts_at),
      endsAt: new Date(s.ends_at),
      capacity: s.capacity,
      confirmed: s.confirmed,
      waitlisted: s.waitlisted,
      attended: s.attended,
      noShows: s.no_shows,
    })),
    sources: await signupSources(db, eventId),
  };
}
