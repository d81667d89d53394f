import { searchBoxPeople } from '../../../modules/people/box-search';
import { searchUsersInput } from '../../../modules/people/schema';
import { router } from '../init';
import { publicProcedure } from '../procedures';

export const usersRouter = router({
  /** The header search box (docs/product/spec.md §7). */
  searchUsersByName: publicProcedure
    .input(searchUsersInput)
    .query(({ ctx, input }) => searchBoxPeople(ctx.db, input, ctx.user?.id ?? null)),
});
