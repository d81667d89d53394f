import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { membersOnly } from '../people/member-pages';
import { endorseFromForm, withdrawFromForm } from './endorse-forms';
import { showProfile, showVendorPage } from './profile-page';

/** Public profiles at /profile/{name}/{id}. */
export function registerProfileRoutes(app: Hono<AppEnv>) {
  app.get('/profile/:name/:id{[0-9]+}', showProfile);
  // Endorsing a candidate from their profile (docs/decisions/0033): plain form posts.
  app.post('/profile/:id{[0-9]+}/endorse', membersOnly(endorseFromForm));
  app.post('/profile/:id{[0-9]+}/withdraw-endorsement', membersOnly(withdrawFromForm));
}

/**
 * Vendors' public page at /{handle}: a catch-all for one path segment, so site/routes/index.ts
 * registers it after every other group and every named route wins.
 */
export function registerVendorRoutes(app: Hono<AppEnv>) {
  app.get('/:handle{[a-z0-9][a-z0-9-]{1,38}[a-z0-9]}', showVendorPage);
}
