import type { Db } from '../../../db/client';
import { searchPeopleCached } from './cached-search';
import type { SearchUsersInput } from './schema';
import { hasSearchableWords } from './search';

/**
 * The header search box's answer (docs/product/spec.md §7), as the tRPC procedure
 * `users.searchUsersByName` gives it: the six fields of a search result, nothing more.
 * `currentUserId` is accepted for the wire format but the session decides who searches.
 */
export async function searchBoxPeople(db: Db, input: SearchUsersInput, viewerId: number | null) {
  // docs/product/spec.md §5: no search without a query (the /search page may browse; the box does not).
  if (!hasSearchableWords(input.query)) return [];
  const { people } = await searchPeopleCached(db, {
    query: input.query,
    filters: { state: input.state, role: input.role as 1 | 2 | 3 | 4 | 5 | undefined },
    viewerId,
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
}
