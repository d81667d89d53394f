import { MEMBERSHIP_TIERS } from '../../../contract/membership';
import { referralCookieName } from '../../../modules/affiliates/referral-cookie';
import { entitlementsOf } from '../../../modules/membership/entitlements';
import {
  cancelMembership,
  resumeMembership,
  subscribe,
  subscribeInput,
} from '../../../modules/membership/lifecycle';
import { createPaymentsPort } from '../../../ports/payments';
import { router } from '../init';
import { memberProcedure, publicProcedure } from '../procedures';

/** Membership tiers and the signed-in member's subscription (docs/decisions/0024-membership.md). */
export const membershipRouter = router({
  /** The tiers of both tracks with their monthly prices. */
  tiers: publicProcedure.query(() => MEMBERSHIP_TIERS),
  /** What the member's tier allows now, and where their membership stands. */
  mine: memberProcedure.query(({ ctx }) => entitlementsOf(ctx.db, ctx.user.id)),
  /** Starts a paid tier (or a change of tier) and answers where to pay. */
  subscribe: memberProcedure
    .input(subscribeInput)
    .mutation(({ ctx, input }) =>
      subscribe(
        { db: ctx.db, payments: createPaymentsPort(ctx.config, ctx.db) },
        ctx.user.id,
        input,
        ctx.cookie(referralCookieName(ctx.config.secureCookies)),
      ),
    ),
  /** Cancels at the end of the paid period. */
  cancel: memberProcedure.mutation(async ({ ctx }) => {
    await cancelMembership(
      { db: ctx.db, config: ctx.config, email: ctx.email, realtime: ctx.realtime },
      ctx.user.id,
    );
    return entitlementsOf(ctx.db, ctx.user.id);
  }),
  /** Takes back a cancel before the period ends. */
  resume: memberProcedure.mutation(async ({ ctx }) => {
    await resumeMembership({ db: ctx.db, email: ctx.email, realtime: ctx.realtime }, ctx.user.id);
    return entitlementsOf(ctx.db, ctx.user.id);
  }),
});
