import { searchPeopleCached } from '../../modules/people/cached-search';
import { searchUsersInput } from '../../modules/people/schema';
import { hasSearchableWords } from '../../modules/people/search';
import { router } from '../init';
import { publicProcedure } from '../procedures';

export const usersRouter = router({
  /**
   * The header search box (docs/product/spec.md §7): the six fields of a search result, nothing more.
   * currentUserId is accepted for the wire format of docs/product/spec.md §7 but the session decides who searches.
   */
  searchUsersByName: publicProcedure.input(searchUsersInput).query(async ({ ctx, input }) => {
    // docs/product/spec.md §5: no search without a query (the /search page may browse; the box does not).
    if (!hasSearchableWords(input.query)) return [];
    const { people } = await searchPeopleCached(ctx.db, {
      query: input.query,
      filters: { state: input.state, role: input.role as 1 | 2 | 3 | 4 | 5 | undefined },
      viewerId: ctx.user?.id ?? null,
      limit: input.limit,
    });
    return people.map((p) => ({
      id: p.id,
      firstname: p.firstName,
      lastname: p.lastName,
      orgname: p.orgName,
      profileimage: p.profileImage,
      role: p.role,
    }));
  }),
});
