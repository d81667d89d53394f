import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

/** Where a member sets up two-factor sign-in (site/routes/account/two-factor-setup.tsx). */
const SETUP_PATH = '/auth/two-factor/setup';

/** What a member who owes a second factor may still reach: signing in and out, the set-up page, files. */
const OPEN_PREFIXES = ['/auth/', '/api/auth/', '/assets/', '/images/', '/healthz', '/readyz'];
const OPEN_PATHS = new Set(['/favicon.svg', '/robots.txt']);

export const SECOND_FACTOR_OWED_MESSAGE =
  'Set up two-factor sign-in to continue: this campaign requires it of every member.';

/**
 * Once a SUPER_ADMIN turns on `two-factor-for-members`, a member signed in with a password alone
 * (not enrolled yet) can do nothing but set it up (docs/decisions/0040-staff-two-factor-sign-in.md):
 * pages send them to the set-up page, API calls are refused. Staff are held by their permissions
 * instead (api/modules/staff/access.ts). Costs nothing otherwise: the session query reads the toggle.
 */
export function secondFactorGate() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('secondFactorOwed')) return next();
    const path = c.req.path;
    if (OPEN_PATHS.has(path) || OPEN_PREFIXES.some((prefix) => path.startsWith(prefix))) return next();
    if (path.startsWith('/api/')) {
      return c.json({ error: { code: 'FORBIDDEN', message: SECOND_FACTOR_OWED_MESSAGE } }, 403);
    }
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    c.header('Cache-Control', 'private, no-store');
    return c.redirect(SETUP_PATH, read ? 302 : 303);
  });
}
