import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../middleware/app-env';
import { csrfCookieName, readCookie, writeCookie } from './cookies';
import { generateToken } from './tokens';

/**
 * Auth.js's double-submit token for the /api/auth forms: the cookie holds token.signature,
 * the form posts the token; both must agree and the signature must be ours.
 */
function sign(token: string, secret: string) {
  return createHmac('sha256', secret).update(`csrf:${token}`).digest('hex');
}

function tokenFromCookie(c: Context<AppEnv>): string | null {
  const raw = readCookie(c, csrfCookieName(c.get('config').secureCookies));
  const [token, signature] = raw?.split('.') ?? [];
  if (!token || !signature) return null;
  return safeEqual(signature, sign(token, c.get('config').appSecret)) ? token : null;
}

export function issueCsrfToken(c: Context<AppEnv>): string {
  const existing = tokenFromCookie(c);
  if (existing) return existing;
  const token = generateToken();
  writeCookie(
    c,
    csrfCookieName(c.get('config').secureCookies),
    `${token}.${sign(token, c.get('config').appSecret)}`,
  );
  return token;
}

export function verifyCsrfToken(c: Context<AppEnv>, submitted: unknown): boolean {
  const token = tokenFromCookie(c);
  return typeof submitted === 'string' && token !== null && safeEqual(submitted, token);
}

function safeEqual(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
