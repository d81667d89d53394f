import { updateAttributeVisibility } from '../../../modules/people/profiles';
import {
  emailChangeInput,
  namesInput,
  notificationPreferencesInput,
  passwordChangeInput,
  visibilityInput,
} from '../../../modules/people/schema';
import {
  changePassword,
  notificationPreferences,
  requestEmailChange,
  setNotificationPreferences,
  updateNames,
} from '../../../modules/people/settings';
import { router } from '../init';
import { memberProcedure } from '../procedures';

/** The same settings as the /settings forms, for islands and other clients. */
export const settingsRouter = router({
  updateNames: memberProcedure.input(namesInput).mutation(async ({ ctx, input }) => {
    await updateNames(ctx.db, ctx.user.id, input);
    return { ok: true as const };
  }),

  requestEmailChange: memberProcedure.input(emailChangeInput).mutation(async ({ ctx, input }) => {
    await requestEmailChange({ db: ctx.db, email: ctx.email, appUrl: ctx.config.appUrl }, ctx.user.id, input);
    return { pendingEmail: input.newEmail };
  }),

  changePassword: memberProcedure.input(passwordChangeInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.user.id, ctx.sessionId, input);
    return { ok: true as const };
  }),

  setVisibility: memberProcedure.input(visibilityInput).mutation(async ({ ctx, input }) => {
    await updateAttributeVisibility(ctx.db, ctx.user.id, input);
    return { ok: true as const };
  }),

  notificationPreferences: memberProcedure.query(({ ctx }) => notificationPreferences(ctx.db, ctx.user.id)),

  setNotificationPreferences: memberProcedure
    .input(notificationPreferencesInput)
    .mutation(async ({ ctx, input }) => {
      await setNotificationPreferences(ctx.db, ctx.user.id, input);
      return { ok: true as const };
    }),
});
