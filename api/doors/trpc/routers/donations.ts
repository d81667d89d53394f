import { askCookie } from '../../../modules/donations/ask-pass';
import { giftInput } from '../../../modules/donations/schema';
import { startGift } from '../../../modules/donations/start-gift';
import { createPaymentsPort } from '../../../ports/payments';
import { router } from '../init';
import { publicProcedure } from '../procedures';

/** Giving to candidates (docs/decisions/0021-campaign-donations.md); the donation form's island calls it. */
export const donationsRouter = router({
  /** Reserves the donor's headroom, records the pending gift and answers where to pay. */
  startGift: publicProcedure.input(giftInput).mutation(async ({ ctx, input }) => {
    const started = await startGift({ db: ctx.db, payments: createPaymentsPort(ctx.config, ctx.db) }, input, {
      userId: ctx.user?.id ?? null,
      ip: ctx.ip,
    });
    // The browser that gave is the one the thank-you page asks to give monthly.
    ctx.resHeaders.append(
      'Set-Cookie',
      askCookie(ctx.config.secureCookies, ctx.config.appSecret, started.reference),
    );
    return started;
  }),
});
