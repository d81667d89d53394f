import type { SignupView } from '../../../api/modules/events/signups';
import { shiftText } from './event-format';

const STATUS_TEXT = {
  confirmed: 'Confirmed',
  waitlisted: 'On the waitlist',
  cancelled: 'Cancelled',
} as const;

/** A sign-up's shifts with their status, each future one with a Cancel button posting to `action`. */
export function ShiftList({
  shifts,
  timeZone,
  action,
  returnTo,
}: {
  shifts: SignupView['shifts'];
  timeZone: string;
  action: string;
  returnTo?: string;
}) {
  const now = Date.now();
  return (
    <ul className="event-my-shifts">
      {shifts.map((s) => (
        <li key={s.shiftId}>
          <span>
            {shiftText(s, timeZone)}: <strong>{STATUS_TEXT[s.status]}</strong>
          </span>
          {s.status !== 'cancelled' && s.startsAt.getTime() > now && (
            <form method="post" action={action}>
              <input type="hidden" name="shiftId" value={s.shiftId} />
              {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
              <button type="submit" className="button button--small">
                Cancel<span className="visually-hidden"> {shiftText(s, timeZone)}</span>
              </button>
            </form>
          )}
        </li>
      ))}
    </ul>
  );
}
