import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import type { AppEnv } from '../middleware/app-env';
import { requestHeader } from '../platform/request-header';

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

/** The sign-in challenge between the password and the code (api/modules/accounts/sign-in-challenge.ts). */
export function secondFactorCookieName(secure: boolean) {
  return secure ? '__Host-hq_2fa' : 'hq_2fa';
}

/**
 * Whether the request carries a session cookie at all, valid or not: its answer is then private
 * (api/middleware/session.ts), and a visitor's shared-cache headers are not for it: a stale session
 * cookie still means "not a plain visitor". A name match in the header, without parsing the
 * values: it is on the path of every cached visitor page.
 */
export function carriesSessionCookie(c: Context<AppEnv>): boolean {
  const header = requestHeader(c, 'cookie');
  if (!header) return false;
  const name = sessionCookieName(c.get('config').secureCookies);
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return true;
  }
  return false;
}

/** The cookie `name` of the request, parsed as hono/cookie's getCookie does, from Node's headers. */
export function readCookie(c: Context<AppEnv>, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header ? parse(header, name)[name] : undefined;
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
