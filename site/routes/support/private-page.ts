import type { PageContext } from '../../server/page';

/**
 * Marks a support page as private to its reader: never stored by a browser or shared cache. Its
 * URL may carry the signed token; the app-wide Referrer-Policy (strict-origin-when-cross-origin,
 * api/middleware/security-headers.ts) already sends other sites the origin only.
 */
export function keepPrivate(c: PageContext): void {
  c.header('Cache-Control', 'private, no-store');
}

export const day = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
