import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { oneRecord } from '../../../modules/lists/list-rows';
import { containsPattern, defineList, parseId } from '../../../modules/lists/list-spec';
import { blockUser, blockUserInput, unblockUser } from '../../../modules/security/service';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Blocked accounts: POST blocks (and ends every session), DELETE /:userId unblocks. */
const filters = { q: z.string().trim().max(100).optional() };

function blockedRows(db: Db, filter: { q?: string }) {
  let query = db
    .selectFrom('users as u')
    .select([
      'u.id',
      sql<string>`CASE WHEN u.kind = 'organization' THEN u.org_name
        ELSE trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) END`.as('name'),
      'u.email',
      'u.blocked_at',
      'u.blocked_reason',
    ])
    .where('u.blocked_at', 'is not', null);
  if (filter.q) query = query.where('u.email', 'ilike', containsPattern(filter.q));
  return query;
}

export const userBlocksSpec = defineList({
  resource: 'user-blocks',
  sortable: ['id', 'name', 'email', 'blocked_at'],
  defaultSort: ['blocked_at', 'DESC'],
  filters,
  rows: blockedRows,
});

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
