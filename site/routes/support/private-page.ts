import type { PageContext } from '../../server/page';

/**
 * Marks a support page as private to its reader: never stored by a browser or shared cache, and
 * its URL (which may carry the signed token) never sent on as a Referer.
 */
export function keepPrivate(c: PageContext): void {
  c.header('Cache-Control', 'private, no-store');
  c.header('Referrer-Policy', 'no-referrer');
}

export const day = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
