import {
  requestResetInput,
  resetPasswordInput,
  setupInput,
  signUpInput,
} from '../../../modules/accounts/schema';
import {
  completeSetup,
  requestPasswordReset,
  resetPassword,
  signUp,
} from '../../../modules/accounts/service';
import { router } from '../init';
import { memberProcedure, publicProcedure } from '../procedures';

export const accountsRouter = router({
  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    await signUp({ db: ctx.db, email: ctx.email, appUrl: ctx.config.appUrl, ip: ctx.ip }, input);
    return { email: input.email };
  }),

  requestPasswordReset: publicProcedure.input(requestResetInput).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(
      { db: ctx.db, email: ctx.email, appUrl: ctx.config.appUrl, ip: ctx.ip },
      input.email,
    );
    return { ok: true as const };
  }),

  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx.db, input.token, input.password);
    return { ok: true as const };
  }),

  completeSetup: memberProcedure.input(setupInput).mutation(async ({ ctx, input }) => {
    await completeSetup(ctx.db, ctx.user.id, input);
    return { ok: true as const };
  }),
});
