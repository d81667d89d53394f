import { z } from 'zod';
import {
  isFeatureEnabled,
  listFeatureToggles,
  setFeatureToggle,
} from '../../../modules/feature-toggles/service';
import { router } from '../init';
import { publicProcedure, requirePermission } from '../procedures';

const featureName = z.string().trim().min(1).max(80);

export const featureToggleRouter = router({
  getFeatureAccess: publicProcedure
    .input(z.object({ featureName }))
    .query(async ({ ctx, input }) => ({ enabled: await isFeatureEnabled(ctx.db, input.featureName) })),

  list: requirePermission('MANAGE_FEATURES').query(({ ctx }) => listFeatureToggles(ctx.db)),

  set: requirePermission('MANAGE_FEATURES')
    .input(z.object({ name: featureName, enabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await setFeatureToggle(ctx.db, input, { id: ctx.user.id, ip: ctx.ip });
      return { name: input.name, enabled: input.enabled };
    }),
});
