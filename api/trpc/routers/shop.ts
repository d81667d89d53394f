import { startCheckout } from '../../modules/shop/checkout';
import { lookupOrder } from '../../modules/shop/lookup';
import { computeQuote } from '../../modules/shop/pricing';
import { requestReturn } from '../../modules/shop/returns';
import { checkoutInput, orderLookupInput, quoteInput, returnRequestInput } from '../../modules/shop/schema';
import { createPaymentsPort } from '../../ports/payments';
import { router } from '../init';
import { publicProcedure } from '../procedures';

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
  requestReturn: publicProcedure
    .input(returnRequestInput)
    .mutation(({ ctx, input }) => requestReturn(ctx, ctx.ip, input)),
});
