import { oneRecord } from '../../../modules/lists/list-rows';
import { parseId } from '../../../modules/lists/list-spec';
import { redFlagsSpec } from '../../../modules/red-flags/red-flag-list';
import { reviewRedFlag, reviewRedFlagInput } from '../../../modules/red-flags/service';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** The review queue of member reports; PUT resolves, dismisses or reopens one. */
export const redFlags: RestResource = {
  name: 'red-flags',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), redFlagsSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), redFlagsSpec, c.req.param('id')!)),
    update: async (c) => {
      const id = parseId(redFlagsSpec, c.req.param('id')!) as number;
      await reviewRedFlag(c.get('db'), id, await readBody(c, reviewRedFlagInput), c.get('actor'));
      return c.json(await oneRecord(c.get('db'), redFlagsSpec, String(id)));
    },
  },
};
