import { eventTypeLabel } from '../../../api/contract/events';
import type { upcomingEventsOf } from '../../../api/modules/events/search';
import { zonedText } from '../../../api/modules/events/zoned-time';

/**
 * A candidate's or an organization's upcoming events, on their profile (issue 47), with the way to
 * add one: "Create an event" for the host, "Propose an event" for another signed-in member.
 */
export function UpcomingEventsSection({
  hostId,
  name,
  events,
  viewer,
}: {
  hostId: number;
  name: string;
  events: Awaited<ReturnType<typeof upcomingEventsOf>>;
  viewer: { signedIn: boolean; self: boolean };
}) {
  return (
    <section aria-labelledby="upcoming-events-heading" className="profile-events">
      <h2 id="upcoming-events-heading">Upcoming events</h2>
      {events.length === 0 ? (
        <p>No upcoming events.</p>
      ) : (
        <ul className="event-cards">
          {events.map((e) => (
            <li key={e.id} className="event-card">
              <h3>
                <a href={`/events/${e.id}`}>{e.title}</a>
              </h3>
              <p className="event-card__meta">{eventTypeLabel(e.type)}</p>
              <p>{zonedText(e.startsAt, e.timeZone)}</p>
              <p>{e.address}</p>
            </li>
          ))}
        </ul>
      )}
      {viewer.self ? (
        <p>
          <a href="/events/new">Create an event</a> · <a href="/events/hosting">Events you host</a>
        </p>
      ) : (
        viewer.signedIn && (
          <p>
            <a href={`/events/new?host=${hostId}`}>Propose an event to {name}</a>
          </p>
        )
      )}
    </section>
  );
}
