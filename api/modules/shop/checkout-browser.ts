import { serialize } from 'hono/utils/cookie';
import { generateToken, hashToken } from '../../auth/tokens';

/**
 * The browser that started a checkout (docs/decisions/0016-checkout-guards.md): a random token in an HttpOnly cookie,
 * issued by /cart and by shop.startCheckout when missing. Only its sha256 is stored, beside the
 * order; it alone (or the signed-in owner) opens /ordersuccess and /orderfailed for that order,
 * scopes anonymous idempotency keys, and is the "per browser" bucket of the checkout limits.
 * SameSite=Lax, so it comes back on the top-level navigation from Stripe's hosted page.
 */
export function checkoutCookieName(secure: boolean) {
  return secure ? '__Host-hq_checkout' : 'hq_checkout';
}

/** A day: longer than any reservation (30 minutes) plus the way back from the payment page. */
export const CHECKOUT_COOKIE_SECONDS = 24 * 60 * 60;

export interface CheckoutBrowser {
  /** The cookie's value (sent back to the browser, never stored). */
  token: string;
  /** What orders keep: sha256 of the token. */
  hash: string;
  /** True when the browser had no (valid) cookie and one must be set. */
  issued: boolean;
}

const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

/** The browser's checkout token from its cookie, or a new one to issue. */
export function checkoutBrowser(cookieValue: string | undefined): CheckoutBrowser {
  if (cookieValue && TOKEN_SHAPE.test(cookieValue)) {
    return { token: cookieValue, hash: hashToken(cookieValue), issued: false };
  }
  const token = generateToken();
  return { token, hash: hashToken(token), issued: true };
}

/** The hash to compare with an order's, or null when the browser has no checkout cookie. */
export function checkoutBrowserHash(cookieValue: string | undefined): string | null {
  return cookieValue && TOKEN_SHAPE.test(cookieValue) ? hashToken(cookieValue) : null;
}

/** The Set-Cookie value, as a string so tRPC (resHeaders) and pages (c.header) send the same. */
export function checkoutCookie(secure: boolean, token: string): string {
  return serialize(checkoutCookieName(secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    maxAge: CHECKOUT_COOKIE_SECONDS,
  });
}
