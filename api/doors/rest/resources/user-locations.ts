import { membersByState } from '../../../modules/dashboard/member-counts';
import { defineList } from '../../../modules/lists/list-spec';
import { listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Members per US state, from the counters (api/modules/dashboard/member-counts.ts). */
export const userLocationsSpec = defineList({
  resource: 'user-locations',
  sortable: ['id', 'name', 'members'],
  defaultSort: ['members', 'DESC'],
  filters: {},
  rows: membersByState,
  id: { column: 'id', type: 'text' },
});

export const userLocations: RestResource = {
  name: 'user-locations',
  handlers: { list: (c) => listResponse(c, c.get('db'), userLocationsSpec) },
};
