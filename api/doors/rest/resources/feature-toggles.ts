import { z } from 'zod';
import { featureTogglesSpec } from '../../../modules/feature-toggles/feature-toggle-list';
import { setFeatureToggle } from '../../../modules/feature-toggles/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Feature toggles by name; PUT {enabled} switches one (audited by the module). */
const switchInput = z.object({ enabled: z.boolean('Please choose on or off.') });

export const featureToggles: RestResource = {
  name: 'feature-toggles',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), featureTogglesSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), featureTogglesSpec, c.req.param('id')!)),
    update: async (c) => {
      const name = c.req.param('id')!;
      const { enabled } = await readBody(c, switchInput);
      const actor = c.get('actor');
      await setFeatureToggle(c.get('db'), { name, enabled }, { id: actor.id, ip: actor.ip });
      return c.json(await oneRecord(c.get('db'), featureTogglesSpec, name));
    },
  },
};
