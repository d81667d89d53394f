import { createMiddleware } from 'hono/factory';
import { clearCookie, readCookie, sessionCookieName, writeCookie } from '../auth/cookies';
import { validateSessionToken } from '../auth/sessions';
import { requestHeader } from '../platform/request-header';
import type { AppEnv } from './app-env';

/**
 * Resolves the session cookie to c.var.user (null for visitors), renewing it when it slides.
 * A request without a cookie costs no query.
 *
 * An answer to a request that carried a session cookie is marked `Cache-Control: private,
 * no-store` unless its route chose its own: a member's page holds their data and a CSRF token,
 * and without the header a shared cache (a CDN in front of the site, issue 17) or the browser's
 * own history may keep it after they sign out. Routes that set their own (assets, avatars, the
 * visitor cache, the auth endpoints) keep theirs.
 */
/** Anyone with a session cookie: their answers are theirs alone, stored nowhere. */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';

export function sessionMiddleware() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (requestHeader(c, 'cookie') === undefined) return next();
    const name = sessionCookieName(c.get('config').secureCookies);
    const token = readCookie(c, name);
    if (token) {
      const session = await validateSessionToken(c.get('db'), token);
      if (session) {
        c.set('user', session.user);
        c.set('sessionId', session.sessionId);
        c.set('sessionExpires', session.expiresAt);
        c.set('secondFactor', session.secondFactor);
        c.set('secondFactorOwed', session.secondFactorOwed);
        if (session.renewed) writeCookie(c, name, token, session.expiresAt);
      } else {
        clearCookie(c, name);
      }
    }
    await next();
    if (token) markPrivate(c.res);
  });
}

function markPrivate(res: Response): void {
  if (res.headers.has('cache-control')) return;
  try {
    // On the response's own headers: c.header() after the response exists makes Hono re-wrap it.
    res.headers.set('Cache-Control', SIGNED_IN_CACHE_CONTROL);
  } catch {
    // Immutable headers (a Response.redirect(), a fetched response): not a page of ours.
  }
}
