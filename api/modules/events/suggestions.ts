import type { Db } from '../../../db/client';
import { ValidationError } from '../errors';
import { type EventCard, searchEvents } from './search';

/**
 * The next three public events within 50 miles of a ZIP, other than `eventId`: the thank-you email's
 * list and, after a sign-up, the three suggested on the sign-up's page (issue 51, decision 0101).
 */
export async function eventsNear(
  db: Db,
  eventId: number,
  zip: string,
  now = new Date(),
): Promise<EventCard[]> {
  // A ZIP the table does not know (a typo that passed the form) gets no nearby events, only the link.
  const found = await searchEvents(db, { zip, radius: 50, page: 1, organizer: undefined }, null, now).catch(
    (error: unknown) => {
      if (error instanceof ValidationError) return null;
      throw error;
    },
  );
  return (found?.events ?? []).filter((e) => e.id !== eventId).slice(0, 3);
}
