import { eventsSpec } from '../../../modules/events/events-list';
import { unpublishEvent, unpublishEventInput } from '../../../modules/events/moderation';
import { oneRecord } from '../../../modules/lists/list-rows';
import { parseId } from '../../../modules/lists/list-spec';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** The console's events (decision 0101): list and open every event; PUT unpublishes one with a reason. */
export const events: RestResource = {
  name: 'events',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), eventsSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), eventsSpec, c.req.param('id')!)),
    update: async (c) => {
      const id = parseId(eventsSpec, c.req.param('id')!) as number;
      await unpublishEvent(c.get('db'), id, await readBody(c, unpublishEventInput), c.get('actor'));
      return c.json(await oneRecord(c.get('db'), eventsSpec, String(id)));
    },
  },
};
