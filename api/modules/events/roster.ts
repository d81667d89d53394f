import type { Db } from '../../../db/client';
import type { Attendance, ShiftSignupStatus } from '../../../db/schema';
import { NotFoundError } from '../errors';

/**
 * A shift's roster for its organizer (issue 51, decision 0101): who is confirmed and who waits, in
 * line order, with the contact details they gave and the attendance marked on the day. Only the
 * event's host reads it: anyone else is told the shift does not exist.
 */

export interface RosterPerson {
  /** The shift sign-up's id: what check-in marks. */
  id: number;
  name: string;
  email: string;
  phone: string | null;
  status: Exclude<ShiftSignupStatus, 'cancelled'>;
  attendance: Attendance | null;
  signedUpAt: Date;
}

export interface ShiftRoster {
  eventId: number;
  title: string;
  timeZone: string;
  shift: { id: number; startsAt: Date; endsAt: Date; capacity: number; taken: number };
  confirmed: RosterPerson[];
  waitlisted: RosterPerson[];
}

/** The host's shift `shiftId` of event `eventId`, or NotFoundError. */
export async function hostedShift(db: Db, hostId: number, eventId: number, shiftId: number) {
  const row = await db
    .selectFrom('event_shifts as sh')
    .innerJoin('events as e', 'e.id', 'sh.event_id')
    .select([
      'sh.id',
      'sh.starts_at',
      'sh.ends_at',
      'sh.capacity',
      'sh.confirmed_count',
      'e.id as event_id',
      'e.title',
      'e.time_zone',
    ])
    .where('sh.id', '=', shiftId)
    .where('e.id', '=', eventId)
    .where('e.host_id', '=', hostId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('There is no such shift.');
  return row;
}

export async function shiftRoster(
  db: Db,
  hostId: number,
  eventId: number,
  shiftId: number,
): Promise<ShiftRoster> {
  const shift = await hostedShift(db, hostId, eventId, shiftId);
  const people = await db
    .selectFrom('event_shift_signups as ss')
    .innerJoin('event_signups as s', 's.id', 'ss.signup_id')
    .select(['ss.id', 's.name', 's.email', 's.phone', 'ss.status', 'ss.attendance', 'ss.created_at'])
    .where('ss.shift_id', '=', shiftId)
    .where('ss.status', '<>', 'cancelled')
    .orderBy('ss.id')
    .execute();
  const rows: RosterPerson[] = people.map((p) => ({
    id: p.id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    status: p.status as RosterPerson['status'],
    attendance: p.attendance,
    signedUpAt: new Date(p.created_at),
  }));
  return {
    eventId: shift.event_id,
    title: shift.title,
    timeZone: shift.time_zone,
    shift: {
      id: shift.id,
      startsAt: new Date(shift.starts_at),
      endsAt: new Date(shift.ends_at),
      capacity: shift.capacity,
      taken: shift.confirmed_count,
    },
    confirmed: rows.filter((r) => r.status === 'confirmed'),
    // Confirmed first by id, then the waitlist in its order (ids are the line).
    waitlisted: rows.filter((r) => r.status === 'waitlisted'),
  };
}

export const ATTENDANCE_TEXT: Record<Attendance, string> = { attended: 'Attended', no_show: 'No-show' };

export const ROSTER_COLUMNS = ['name', 'email', 'phone', 'status', 'attendance', 'signed_up_at'] as const;

/** The roster as CSV rows (the door writes them with the formula-defusing CSV writer). */
export function rosterCsvRows(roster: ShiftRoster): string[][] {
  return [...roster.confirmed, ...roster.waitlisted].map((p) => [
    p.name,
    p.email,
    p.phone ?? '',
    p.status,
    p.attendance ?? '',
    p.signedUpAt.toISOString(),
  ]);
}
