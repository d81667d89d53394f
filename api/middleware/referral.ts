import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { serialize } from 'hono/utils/cookie';
import { attributedAffiliate } from '../modules/affiliates/attribution';
import { recordReferralVisit } from '../modules/affiliates/clicks';
import { normalizeCode } from '../modules/affiliates/join';
import { REFERRAL_COOKIE_SECONDS, referralCookieName } from '../modules/affiliates/referral-cookie';
import type { AppEnv } from './app-env';

/**
 * `?ref=CODE` on any page (docs/decisions/0031-affiliates-and-partner-revenue.md): counts the click and sets the first-party
 * referral cookie, unless the browser already carries a live first touch (first touch wins).
 * Registered before every page and the anonymous page cache, and the cookie is added to whatever
 * response comes back, so a cached page still counts the visit and a cache never stores the cookie.
 */
export function referralVisits() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const rawCode = c.req.method === 'GET' ? c.req.query('ref') : undefined;
    // Other pages' `ref` (SUB-…, a gift's reference) has a hyphen: it is no referral code.
    if (!rawCode || !normalizeCode(rawCode) || c.req.path.startsWith('/api/')) return next();
    const config = c.get('config');
    const name = referralCookieName(config.secureCookies);
    const user = c.get('user');
    const held = getCookie(c, name);
    const live = held ? await attributedAffiliate(c.get('db'), { token: held, userId: null }) : null;
    const token = live
      ? null
      : await recordReferralVisit(c.get('db'), {
          rawCode,
          ip: c.get('ip'),
          userAgent: c.req.header('user-agent') ?? '',
          userId: user?.id ?? null,
          appSecret: config.appSecret,
        });
    await next();
    if (!token) return;
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append(
      'Set-Cookie',
      serialize(name, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: config.secureCookies,
        maxAge: REFERRAL_COOKIE_SECONDS,
      }),
    );
  });
}
