import { startCheckout } from '../../modules/shop/checkout';
import { lookupOrder } from '../../modules/shop/lookup';
import { listMemberOrders, memberOrder } from '../../modules/shop/member-orders';
import { computeQuote } from '../../modules/shop/pricing';
import { requestReturn } from '../../modules/shop/returns';
import {
  checkoutInput,
  myOrderInput,
  orderLookupInput,
  quoteInput,
  returnRequestInput,
} from '../../modules/shop/schema';
import { createPaymentsPort } from '../../ports/payments';
import { router } from '../init';
import { memberProcedure, publicProcedure } from '../procedures';

export const shopRouter = router({
  /** Recomputes the cart from the database; client totals are ignored. */
  quote: publicProcedure.input(quoteInput).query(({ ctx, input }) => computeQuote(ctx.db, input)),
  startCheckout: publicProcedure
    .input(checkoutInput)
    .mutation(({ ctx, input }) =>
      startCheckout(ctx.db, createPaymentsPort(ctx.config), input, ctx.user?.id ?? null),
    ),
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
