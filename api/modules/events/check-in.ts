import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { Attendance } from '../../../db/schema';
import { rowId } from '../bounds';
import { ConflictError, NotFoundError } from '../errors';
import { ATTENDANCE_TEXT, hostedShift } from './roster';

/**
 * Check-in on the day (issue 51, decision 0101): the host marks each person attended or no-show,
 * one plain form post per person so a phone on a poor connection loses at most one tap. Each post
 * carries the mark the page showed (`was`); the UPDATE changes the row only if it still holds that
 * mark, so two devices racing on one person record one mark and the slower is told what the other
 * recorded (re-marking from the fresh page still corrects a mistake).
 */
const mark = z.enum(['attended', 'no_show'], 'Choose attended or no-show.');

export const checkInInput = z.object({
  shiftSignupId: rowId,
  attendance: mark,
  was: z
    .union([mark, z.literal('')])
    .default('')
    .transform((v) => (v === '' ? null : v)),
});
export type CheckInInput = z.infer<typeof checkInInput>;

export async function markAttendance(
  db: Db,
  hostId: number,
  eventId: number,
  shiftId: number,
  input: CheckInInput,
  now = new Date(),
): Promise<{ name: string; attendance: Attendance }> {
  await hostedShift(db, hostId, eventId, shiftId);
  const marked = await db
    .updateTable('event_shift_signups as ss')
    .from('event_signups as s')
    .set({ attendance: input.attendance, attendance_marked_at: now, attendance_marked_by: hostId })
    .whereRef('s.id', '=', 'ss.signup_id')
    .where('ss.id', '=', input.shiftSignupId)
    .where('ss.shift_id', '=', shiftId)
    .where('ss.status', '<>', 'cancelled')
    .where((eb) =>
      input.was === null ? eb('ss.attendance', 'is', null) : eb('ss.attendance', '=', input.was),
    )
    .returning(['s.name'])
    .executeTakeFirst();
  if (marked) return { name: marked.name, attendance: input.attendance };
  const current = await db
    .selectFrom('event_shift_signups as ss')
    .innerJoin('event_signups as s', 's.id', 'ss.signup_id')
    .select(['s.name', 'ss.attendance'])
    .where('ss.id', '=', input.shiftSignupId)
    .where('ss.shift_id', '=', shiftId)
    .where('ss.status', '<>', 'cancelled')
    .executeTakeFirst();
  if (!current) throw new NotFoundError('This person is not on the shift’s roster.');
  const shown = current.attendance ? ATTENDANCE_TEXT[current.attendance] : 'not marked';
  throw new ConflictError(
    `${current.name} was already marked on another device: ${shown}. Check and mark again if needed.`,
  );
}
