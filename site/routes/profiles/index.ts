import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { cachedForVisitors } from '../../../api/middleware/visitor-page-cache';
import { membersOnly } from '../people/member-pages';
import { endorseFromForm, withdrawFromForm } from './endorse-forms';
import { showProfile, showVendorPage } from './profile-page';

/**
 * Public profiles at /profile/{name}/{id}. Visitors get them from the page cache until that
 * member's own rows, anyone's public profile (endorsers, mentions and followers show on it), a
 * toggle or the option labels change (docs/decisions/0083-page-cache-learns-from-the-database.md).
 */
export function registerProfileRoutes(app: Hono<AppEnv>) {
  const cached = cachedForVisitors((c) => [
    `profile:${Number(c.req.param('id'))}`,
    'people',
    'toggles',
    'reference-options',
  ]);
  app.get('/profile/:name/:id{[0-9]+}', cached, showProfile);
  // Endorsing a candidate from their profile (docs/decisions/0033-social.md): plain form posts.
  app.post('/profile/:id{[0-9]+}/endorse', membersOnly(endorseFromForm));
  app.post('/profile/:id{[0-9]+}/withdraw-endorsement', membersOnly(withdrawFromForm));
}

/**
 * Vendors' public page at /{handle}: a catch-all for one path segment, so site/routes/index.ts
 * registers it after every other group and every named route wins.
 */
export function registerVendorRoutes(app: Hono<AppEnv>) {
  // A vendor page shows its owner's profile and products: any profile or shop change drops it
  // (its URL names a handle, not an id, so a vendor's own rows publish 'people').
  const cached = cachedForVisitors(['shop', 'people', 'toggles', 'reference-options']);
  app.get('/:handle{[a-z0-9][a-z0-9-]{1,38}[a-z0-9]}', cached, showVendorPage);
}
