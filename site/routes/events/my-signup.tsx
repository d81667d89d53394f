import type { EventView } from '../../../api/modules/events/views';
import { ShiftList } from './shift-list';

/** On the event page, a member's own sign-up: their shifts and a way to cancel each. */
export function MySignup({ event, signupId }: { event: EventView; signupId: number }) {
  const shifts = (event.viewerSignup?.shifts ?? []).flatMap((mine) => {
    const shift = event.shifts.find((s) => s.id === mine.shiftId);
    return shift
      ? [{ shiftId: shift.id, startsAt: shift.startsAt, endsAt: shift.endsAt, status: mine.status }]
      : [];
  });
  return (
    <section aria-labelledby="my-signup-heading" className="event-page__mine">
      <h2 id="my-signup-heading">You are signed up</h2>
      <ShiftList
        shifts={shifts}
        timeZone={event.timeZone}
        action={`/events/mine/${signupId}/cancel`}
        returnTo={`/events/${event.id}`}
      />
      <p>
        <a href="/events/mine">My events</a>
      </p>
    </section>
  );
}
