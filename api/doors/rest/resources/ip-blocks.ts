import { oneRecord } from '../../../modules/lists/list-rows';
import { ipBlocksSpec } from '../../../modules/security/ip-block-list';
import { blockIp, blockIpInput, unblockIp } from '../../../modules/security/service';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Blocked addresses (api/modules/security/ip-block-list.ts): POST blocks one, DELETE /:ip unblocks. */
export const ipBlocks: RestResource = {
  name: 'ip-blocks',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), ipBlocksSpec),
    create: async (c) => {
      const input = await readBody(c, blockIpInput);
      await blockIp(c.get('db'), input, c.get('actor'));
      return c.json(await oneRecord(c.get('db'), ipBlocksSpec, input.ip), 201);
    },
    delete: async (c) => {
      const ip = c.req.param('id')!;
      await unblockIp(c.get('db'), ip, c.get('actor'));
      return c.json({ id: ip });
    },
  },
};
