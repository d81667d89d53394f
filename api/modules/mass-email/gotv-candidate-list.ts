import { sql } from 'kysely';
import { defineList } from '../lists/list-spec';

/** The GOTV screen (/admin/GOTV): candidates to pick "followers of" from, with how many follow each. */
export const gotvCandidatesSpec = defineList({
  resource: 'gotv-candidates',
  sortable: ['id', 'name', 'followers'],
  defaultSort: ['name', 'ASC'],
  filters: {},
  rows: (db) =>
    db
      .selectFrom('users as u')
      .where('u.is_candidate', '=', true)
      .where('u.deleted_at', 'is', null)
      .select([
        'u.id',
        sql<string>`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`.as('name'),
        'u.state',
        sql<number>`(SELECT count(*)::int FROM follows f WHERE f.followee_id = u.id)`.as('followers'),
      ]),
});
