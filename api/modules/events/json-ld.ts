import type { EventView } from './views';

/**
 * schema.org Event for search engines (Google's event structured data): name, startDate, endDate,
 * eventStatus, eventAttendanceMode, location (the Place; a VirtualLocation names only the event's
 * page, never the link, which is for people signed up), organizer, and a free offer with the
 * places left. The page embeds it with site/components/JsonLd.tsx.
 */
export function eventJsonLd(event: EventView, appUrl: string): Record<string, unknown> {
  const url = `${appUrl}/events/${event.id}`;
  const place = {
    '@type': 'Place',
    name: event.address,
    address: {
      '@type': 'PostalAddress',
      streetAddress: event.address,
      postalCode: event.zip,
      addressRegion: event.state,
      addressCountry: 'US',
    },
  };
  const virtual = { '@type': 'VirtualLocation', url };
  const placesLeft = event.shifts.reduce((n, s) => n + Math.max(0, s.capacity - s.taken), 0);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description,
    url,
    startDate: event.startsAt.toISOString(),
    endDate: event.endsAt.toISOString(),
    eventStatus:
      event.status === 'cancelled'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    eventAttendanceMode: event.hasVirtualLink
      ? 'https://schema.org/MixedEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: event.hasVirtualLink ? [place, virtual] : place,
    organizer: { '@type': 'Organization', name: event.hostName, url: `${appUrl}${event.hostPath}` },
    isAccessibleForFree: true,
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'USD',
      url,
      availability: placesLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}
