import { serialize } from 'hono/utils/cookie';
import { linkToken, linkTokenValid } from './references';

/**
 * The monthly ask belongs to the browser that gave (docs/decisions/0094): starting a one-time gift
 * sets a cookie naming it, signed with the app secret, and only that browser is shown the ask and
 * may accept it. A DON- reference alone (a shared thank-you link) starts no monthly gift in the
 * donor's name.
 */
export function askCookieName(secure: boolean) {
  return secure ? '__Host-hq_gift_ask' : 'hq_gift_ask';
}

/** A day: the ask stands that long after the gift is paid (monthly-ask.ts ASK_HOURS). */
const ASK_COOKIE_SECONDS = 24 * 60 * 60;

export function askCookieValue(secret: string, reference: string): string {
  return `${reference}.${linkToken(secret, 'donation-ask', reference)}`;
}

export function askCookie(secure: boolean, secret: string, reference: string): string {
  return serialize(askCookieName(secure), askCookieValue(secret, reference), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    maxAge: ASK_COOKIE_SECONDS,
  });
}

/** Whether the browser's cookie was set for the gift `reference`. */
export function askPassValid(secret: string, reference: string, cookie: string | undefined): boolean {
  if (!cookie) return false;
  const dot = cookie.indexOf('.');
  if (dot === -1 || cookie.slice(0, dot) !== reference) return false;
  return linkTokenValid(secret, 'donation-ask', reference, cookie.slice(dot + 1));
}
