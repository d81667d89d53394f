import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes whose proof is a signed token in the request, not the caller's cookies, so the origin
 * check has nothing to protect: POST /unsubscribe takes the mass email's HMAC token, and mail
 * clients send RFC 8058 one-click POSTs from their own origin or none (docs/decisions/0022-mass-email.md).
 */
const TOKEN_PROVEN_WRITES = new Set(['/unsubscribe']);

/**
 * CSRF defence for every state-changing request: browsers send Origin (and Sec-Fetch-Site)
 * on every POST, so a write whose Origin is another site is refused. Requests with neither
 * header come from non-browser clients, which carry no ambient cookies to abuse.
 * The sign-in forms add Auth.js's csrfToken on top (api/auth).
 */
export function sameOriginWrites() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.method === 'POST' && TOKEN_PROVEN_WRITES.has(c.req.path)) return next();
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
