import { z } from 'zod';
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from '../../../modules/accounts/two-factor';
import { loadTwoFactorAccount } from '../../../modules/accounts/two-factor-account';
import { ValidationError } from '../../../modules/errors';
import { hitRateLimit } from '../../../modules/rate-limits/service';
import type { TrpcContext } from '../context';
import { router } from '../init';
import { memberProcedure } from '../procedures';

/**
 * Two-factor sign-in for the signed-in account (docs/decisions/0040-staff-two-factor-sign-in.md).
 * Member procedures on purpose: staff who have not enrolled yet hold no permission, and this is
 * how they enrol. Every code goes through the sign-in throttle inside the module.
 */
const codeInput = z.object({ code: z.string().trim().min(1, 'Please enter the 6-digit code.').max(20) });
const disableInput = z.object({
  code: z.string().trim().max(20).optional(),
  recoveryCode: z.string().trim().max(40).optional(),
});

async function account(ctx: Pick<TrpcContext, 'db'> & { user: { id: number } }) {
  const row = await loadTwoFactorAccount(ctx.db, ctx.user.id);
  return { id: row.id, email: row.email };
}

export const twoFactorRouter = router({
  status: memberProcedure.query(({ ctx }) => twoFactorStatus(ctx.db, ctx.user.id)),

  /** A new secret and its otpauth:// URI: the only answer that ever carries the secret. */
  startEnrolment: memberProcedure.mutation(async ({ ctx }) => {
    await hitRateLimit(
      ctx.db,
      { name: 'two-factor-start', limit: 10, windowSeconds: 3600 },
      String(ctx.user.id),
    );
    return startEnrolment(ctx.db, await account(ctx));
  }),

  /** Proves the secret with a code; answers the recovery codes, shown once. */
  confirmEnrolment: memberProcedure.input(codeInput).mutation(async ({ ctx, input }) =>
    confirmEnrolment(ctx.db, {
      account: await account(ctx),
      code: input.code,
      sessionId: ctx.sessionId,
      ip: ctx.ip,
    }),
  ),

  disable: memberProcedure.input(disableInput).mutation(async ({ ctx, input }) => {
    if (!input.code && !input.recoveryCode) {
      throw new ValidationError({
        code: ['Please enter a code from your authenticator app or a recovery code.'],
      });
    }
    await disableTwoFactor(ctx.db, {
      account: await account(ctx),
      answer: input.recoveryCode ? { recoveryCode: input.recoveryCode } : { code: input.code },
      ip: ctx.ip,
    });
    return { ok: true as const };
  }),
});
