import { adminUserEmail } from '../../../modules/staff/admin-user-email';
import { router } from '../init';
import { memberProcedure } from '../procedures';

export const adminsRouter = router({
  /**
   * The signed-in user's staff profile. Members who are not staff get an empty permission
   * list rather than an error, so the client simply shows them nothing.
   */
  getAdminUserInfo: memberProcedure.query(async ({ ctx }) => {
    const staff = await ctx.staff();
    const email = await adminUserEmail(ctx.db, ctx.user.id);
    return {
      id: ctx.user.id,
      name: ctx.user.name,
      email: email.email,
      role: staff?.role ?? null,
      permissions: staff?.permissions ?? [],
      department: staff?.department ?? null,
      title: staff?.title ?? null,
      isSuperAdmin: staff?.isSuperAdmin ?? false,
      /** Staff whose session has not proven a second factor: the console shows only the enrolment panel. */
      needsSecondFactor: staff?.secondFactorMissing ?? false,
    };
  }),
});
