import type { Db } from '../../../db/client';
import type { Attendance } from '../../../db/schema';

/**
 * A member's attendance history (issue 51, decision 0101): the shifts they signed up for that have
 * started, newest first, with what the organizer marked. Shown on their own profile only: the
 * caller passes the signed-in member's own id.
 */
export interface AttendedShift {
  eventId: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  attendance: Attendance | null;
}

export async function attendanceHistory(db: Db, userId: number, now = new Date()): Promise<AttendedShift[]> {
  const rows = await db
    .selectFrom('event_signups as s')
    .innerJoin('event_shift_signups as ss', 'ss.signup_id', 's.id')
    .innerJoin('event_shifts as sh', 'sh.id', 'ss.shift_id')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select(['e.id', 'e.title', 'e.time_zone', 'sh.starts_at', 'sh.ends_at', 'ss.attendance'])
    .where('s.user_id', '=', userId)
    .where('ss.status', '=', 'confirmed')
    .where('sh.starts_at', '<=', now)
    .orderBy('sh.starts_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    eventId: r.id,
    title: r.title,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    timeZone: r.time_zone,
    attendance: r.attendance,
  }));
}
