import { getCookie } from 'hono/cookie';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import {
  checkoutBrowser,
  checkoutCookie,
  checkoutCookieName,
} from '../../../api/modules/shop/checkout-browser';
import { PageHero } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';

/** /cart: the cart and the checkout form (an island); issues the checkout cookie on the first visit. */
export async function showCart(c: PageContext) {
  // The checkout cookie exists before the first startCheckout, so a retry after a lost answer
  // carries the same browser (and so finds the order its idempotency key made).
  const secure = c.get('config').secureCookies;
  const browser = checkoutBrowser(getCookie(c, checkoutCookieName(secure)));
  if (browser.issued) c.header('Set-Cookie', checkoutCookie(secure, browser.token), { append: true });
  const lists = await getReferenceLists(c.get('db'));
  return renderPage(c, {
    meta: {
      title: 'Your cart',
      description: 'Review your items, apply a coupon, choose shipping and check out securely.',
      noindex: true,
    },
    body: (
      <div className="shop">
        <PageHero eyebrow="Checkout" title="Your cart" />
        <Island name="CheckoutForm" props={{ states: lists.states ?? [], email: '' }} />
      </div>
    ),
  });
}
