import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../platform/env';

/**
 * Cookie names and flags in one place. Over https the __Host- prefix pins the cookie to our
 * host with Secure and Path=/; on plain http (local runs) the bare name is used.
 */
export function sessionCookieName(secure: boolean) {
  return secure ? '__Host-hq_session' : 'hq_session';
}

export function csrfCookieName(secure: boolean) {
  return secure ? '__Host-hq_csrf' : 'hq_csrf';
}

export function readCookie(c: Context<AppEnv>, name: string) {
  return getCookie(c, name);
}

export function writeCookie(c: Context<AppEnv>, name: string, value: string, expires?: Date) {
  setCookie(c, name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('config').secureCookies,
    ...(expires ? { expires } : {}),
  });
}

export function clearCookie(c: Context<AppEnv>, name: string) {
  deleteCookie(c, name, { path: '/', secure: c.get('config').secureCookies });
}

/** The first-party analytics session (api/modules/analytics/ingest): a random UUID, nothing else. */
export function analyticsCookieName(secure: boolean) {
  return secure ? '__Host-hq_analytics' : 'hq_analytics';
}

/** An analytics session ends after 30 minutes without an event: the cookie slides on every call. */
export const ANALYTICS_SESSION_IDLE_SECONDS = 30 * 60;
