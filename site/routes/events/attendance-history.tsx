import type { AttendedShift } from '../../../api/modules/events/attendance-history';
import { ATTENDANCE_TEXT } from '../../../api/modules/events/roster';
import { shiftText } from './event-format';

/** On a member's own profile only (issue 51): the shifts they signed up for and what the organizer marked. */
export function AttendanceHistorySection({ shifts }: { shifts: AttendedShift[] }) {
  return (
    <section aria-labelledby="attendance-heading" className="profile-events">
      <h2 id="attendance-heading">Your event attendance</h2>
      <p className="field-hint">Only you see this.</p>
      {shifts.length === 0 ? (
        <p>
          No shifts yet. <a href="/events">Find an event</a>
        </p>
      ) : (
        <ul className="event-my-shifts">
          {shifts.map((s) => (
            <li key={`${s.eventId}-${s.startsAt.getTime()}`}>
              <span>
                <a href={`/events/${s.eventId}`}>{s.title}</a>, {shiftText(s, s.timeZone)}:{' '}
                <strong>{s.attendance ? ATTENDANCE_TEXT[s.attendance] : 'Not recorded'}</strong>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
