import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../platform/env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request: browsers send Origin (and Sec-Fetch-Site)
 * on every POST, so a write whose Origin is another site is refused. Requests with neither
 * header come from non-browser clients, which carry no ambient cookies to abuse.
 * The sign-in forms add Auth.js's csrfToken on top (api/auth).
 */
export function sameOriginWrites() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const allowed = new Set([new URL(c.req.url).origin, new URL(c.get('config').appUrl).origin]);
    const crossOrigin = (origin !== undefined && !allowed.has(origin)) || fetchSite === 'cross-site';
    if (crossOrigin) {
      return c.json({ error: { code: 'FORBIDDEN', message: 'Cross-site request refused.' } }, 403);
    }
    return next();
  });
}
