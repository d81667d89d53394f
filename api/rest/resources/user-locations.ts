import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { defineList, listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/**
 * Members per US state (the Users Location screen's map and table): every state of the
 * reference list, with 0 where nobody lives yet, plus the share of all members with a state.
 */
function locationRows(db: Db) {
  return db
    .selectFrom('reference_options as s')
    .leftJoin('users as u', (join) => join.onRef('u.state', '=', 's.value').on('u.is_admin', '=', false))
    .where('s.list_name', '=', 'states')
    .select([
      's.value as id',
      's.label as name',
      sql<number>`count(u.id)::int`.as('members'),
      sql<number>`round(100.0 * count(u.id) / greatest(1, sum(count(u.id)) OVER ()), 1)::float8`.as('share'),
    ])
    .groupBy(['s.value', 's.label']);
}

export const userLocationsSpec = defineList({
  resource: 'user-locations',
  sortable: ['id', 'name', 'members'],
  defaultSort: ['members', 'DESC'],
  filters: {},
  rows: locationRows,
  id: { column: 'id', type: 'text' },
});

export const userLocations: RestResource = {
  name: 'user-locations',
  handlers: { list: (c) => listResponse(c, c.get('db'), userLocationsSpec) },
};
