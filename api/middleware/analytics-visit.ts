import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { ANALYTICS_SESSION_IDLE_SECONDS, analyticsCookieName } from '../auth/cookies';
import type { Visit } from '../modules/analytics/ingest/service';
import type { Config } from '../platform/config';
import type { AppEnv } from './app-env';

/** The tracking caller as the analytics ingest sees it: cookie, address, user agent, user. */
export function analyticsVisit(c: Context<AppEnv>): Visit {
  return {
    cookie: getCookie(c, analyticsCookieName(c.get('config').secureCookies)),
    ip: c.get('ip'),
    userAgent: c.req.header('user-agent') ?? '',
    userId: c.get('user')?.id ?? null,
  };
}

/**
 * The Set-Cookie value that starts or slides the analytics session: first-party, HttpOnly,
 * SameSite=Lax, so it works without third-party cookies and scripts cannot read it. A string, so
 * the tRPC door (resHeaders) and plain routes (c.header) send the same cookie.
 */
export function analyticsSessionCookie(config: Pick<Config, 'secureCookies'>, id: string): string {
  return serialize(analyticsCookieName(config.secureCookies), id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookies,
    maxAge: ANALYTICS_SESSION_IDLE_SECONDS,
  });
}
