import { referralCookieName } from '../../../modules/affiliates/referral-cookie';
import { startCheckout } from '../../../modules/shop/checkout';
import { checkoutBrowser, checkoutCookie, checkoutCookieName } from '../../../modules/shop/checkout-browser';
import { addressKey } from '../../../modules/shop/checkout-limits';
import { lookupOrder } from '../../../modules/shop/lookup';
import { listMemberOrders, memberOrder } from '../../../modules/shop/member-orders';
import { computeQuote } from '../../../modules/shop/pricing';
import { requestReturn } from '../../../modules/shop/returns';
import {
  checkoutInput,
  myOrderInput,
  orderLookupInput,
  quoteInput,
  returnRequestInput,
} from '../../../modules/shop/schema';
import { createPaymentsPort } from '../../../ports/payments';
import { router } from '../init';
import { memberProcedure, publicProcedure } from '../procedures';

export const shopRouter = router({
  /** Recomputes the cart from the database; client totals are ignored. */
  quote: publicProcedure.input(quoteInput).query(({ ctx, input }) => computeQuote(ctx.db, input)),
  /**
   * The browser's checkout cookie (issued here when missing, normally already by /cart) ties the
   * order to this browser: it alone, or the signed-in owner, may open the order's result pages.
   */
  startCheckout: publicProcedure.input(checkoutInput).mutation(({ ctx, input }) => {
    const secure = ctx.config.secureCookies;
    const browser = checkoutBrowser(ctx.cookie(checkoutCookieName(secure)));
    // Refreshed on every attempt: it must outlive this order's reservation.
    ctx.resHeaders.append('Set-Cookie', checkoutCookie(secure, browser.token));
    return startCheckout(ctx.db, createPaymentsPort(ctx.config), input, {
      userId: ctx.user?.id ?? null,
      address: addressKey(ctx.config.appSecret, ctx.ip),
      browserHash: browser.hash,
      referralToken: ctx.cookie(referralCookieName(secure)),
    });
  }),
  orderStatus: publicProcedure
    .input(orderLookupInput)
    .mutation(({ ctx, input }) => lookupOrder(ctx.db, ctx.ip, input.number, input.email)),
  /** The signed-in member's orders, and one of them without the email step. */
  myOrders: memberProcedure.query(({ ctx }) => listMemberOrders(ctx.db, ctx.user.id)),
  myOrder: memberProcedure
    .input(myOrderInput)
    .query(({ ctx, input }) => memberOrder(ctx.db, ctx.user.id, input.number)),
  requestReturn: publicProcedure
    .input(returnRequestInput)
    .mutation(({ ctx, input }) => requestReturn(ctx, ctx.ip, input)),
});
