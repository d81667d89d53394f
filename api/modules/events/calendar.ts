import ical from 'ical-generator';
import type { EventView } from './views';

/**
 * The event's .ics (RFC 5545), written by ical-generator (decision 0092): one VEVENT per shift, in
 * UTC, each with a stable UID so a calendar that imports it again updates instead of doubling.
 * The virtual link goes in only when the viewer may see it (EventView.virtualUrl is null otherwise).
 */
export function eventCalendar(event: EventView, appUrl: string): string {
  const url = `${appUrl}/events/${event.id}`;
  const host = new URL(appUrl).hostname;
  const calendar = ical({ prodId: { company: 'Campaign HQ', product: 'events' }, name: event.title });
  for (const shift of event.shifts) {
    calendar.createEvent({
      id: `event-${event.id}-shift-${shift.id}@${host}`,
      start: shift.startsAt,
      end: shift.endsAt,
      summary: event.title,
      description: [
        `Hosted by ${event.hostName}.`,
        event.description,
        event.virtualUrl ? `Join online: ${event.virtualUrl}` : '',
        url,
      ]
        .filter(Boolean)
        .join('\n\n'),
      location: event.address,
      url,
    });
  }
  return calendar.toString();
}
