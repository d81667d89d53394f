import { oneRecord } from '../../../modules/lists/list-rows';
import { parseId } from '../../../modules/lists/list-spec';
import { blockUser, blockUserInput, unblockUser } from '../../../modules/security/service';
import { userBlocksSpec } from '../../../modules/security/user-block-list';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Blocked accounts: POST blocks (and ends every session), DELETE /:userId unblocks. */
export const userBlocks: RestResource = {
  name: 'user-blocks',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), userBlocksSpec),
    create: async (c) => {
      const input = await readBody(c, blockUserInput);
      await blockUser(c.get('db'), input, c.get('actor'));
      return c.json(await oneRecord(c.get('db'), userBlocksSpec, String(input.user_id)), 201);
    },
    delete: async (c) => {
      const id = parseId(userBlocksSpec, c.req.param('id')!) as number;
      await unblockUser(c.get('db'), id, c.get('actor'));
      return c.json({ id });
    },
  },
};
