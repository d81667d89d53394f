import { createMiddleware } from 'hono/factory';
import { clearCookie, readCookie, sessionCookieName, writeCookie } from '../auth/cookies';
import { validateSessionToken } from '../auth/sessions';
import type { AppEnv } from '../platform/env';

/** Resolves the session cookie to c.var.user (null for visitors), renewing it when it slides. */
export function sessionMiddleware() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const name = sessionCookieName(c.get('config').secureCookies);
    const token = readCookie(c, name);
    if (token) {
      const session = await validateSessionToken(c.get('db'), token);
      if (session) {
        c.set('user', session.user);
        c.set('sessionId', session.sessionId);
        c.set('sessionExpires', session.expiresAt);
        if (session.renewed) writeCookie(c, name, token, session.expiresAt);
      } else {
        clearCookie(c, name);
      }
    }
    await next();
  });
}
