import type { Context } from 'hono';
import type { AppEnv } from '../middleware/app-env';
import { readCookie, writeCookie } from './cookies';
import { generateToken } from './tokens';

/**
 * The browser's device token (docs/decisions/0075-sign-in-alerts-for-new-browsers.md): a random
 * token in an HttpOnly, SameSite cookie that tells a sign-in from a browser an account has used
 * before apart from a new one. It names no account (one browser, one token, whoever signs in) and
 * the server stores only its SHA-256, per account.
 */
export function deviceCookieName(secure: boolean) {
  return secure ? '__Host-hq_device' : 'hq_device';
}

/** Browsers cap a cookie's life at 400 days; every sign-in starts it again. */
export const DEVICE_COOKIE_DAYS = 400;

/** What generateToken makes: anything else in the cookie was not ours and is replaced. */
const DEVICE_TOKEN = /^[a-z2-7]{32}$/;

/** The request's device token, or a new one; either way (re)sent for another 400 days. */
export function deviceTokenOf(c: Context<AppEnv>): string {
  const name = deviceCookieName(c.get('config').secureCookies);
  const sent = readCookie(c, name);
  const token = sent && DEVICE_TOKEN.test(sent) ? sent : generateToken();
  writeCookie(c, name, token, new Date(Date.now() + DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000));
  return token;
}
