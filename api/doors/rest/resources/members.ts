import { oneRecord } from '../../../modules/lists/list-rows';
import { type MemberListScope, memberListSpec } from '../../../modules/people/member-list';
import type { RestResourceName } from '../access';
import { listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/**
 * The User Data lists (all users, free users, paid users, organizations): one list spec per scope
 * (api/modules/people/member-list.ts), each its own resource so each has its own permission in REST_ACCESS.
 */
function memberResource(scope: MemberListScope & RestResourceName): RestResource {
  const spec = memberListSpec(scope);
  return {
    name: scope,
    handlers: {
      list: (c) => listResponse(c, c.get('db'), spec),
      getOne: async (c) => c.json(await oneRecord(c.get('db'), spec, c.req.param('id')!)),
    },
  };
}

export const memberResources: RestResource[] = [
  memberResource('all-users'),
  memberResource('free-users'),
  memberResource('paid-users'),
  memberResource('organizations'),
];
