import { z } from 'zod';
import { rowId } from '../../../modules/bounds';
import { NotFoundError } from '../../../modules/errors';
import { follow, unfollow } from '../../../modules/people/follows';
import { findPublicProfileById, profileView, updateProfile } from '../../../modules/people/profiles';
import { followInput, profileInput } from '../../../modules/people/schema';
import { router } from '../init';
import { memberProcedure, publicProcedure } from '../procedures';

export const profilesRouter = router({
  /** A profile as the caller may see it: attribute visibility is applied here as on the page. */
  get: publicProcedure.input(z.object({ id: rowId })).query(async ({ ctx, input }) => {
    const user = await findPublicProfileById(ctx.db, input.id);
    if (!user) throw new NotFoundError('This profile does not exist.');
    return profileView(ctx.db, user, ctx.user?.id ?? null);
  }),

  follow: memberProcedure
    .input(followInput)
    .mutation(({ ctx, input }) => follow(ctx.db, ctx.user.id, input.userId, ctx.realtime)),

  unfollow: memberProcedure
    .input(followInput)
    .mutation(({ ctx, input }) => unfollow(ctx.db, ctx.user.id, input.userId)),

  updateMine: memberProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    await updateProfile(ctx.db, ctx.user.id, input);
    return { ok: true as const };
  }),
});
