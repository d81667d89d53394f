import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { oneRecord } from '../../../modules/lists/list-rows';
import { containsPattern, defineList } from '../../../modules/lists/list-spec';
import { blockIp, blockIpInput, unblockIp } from '../../../modules/security/service';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Blocked addresses; the record id is the address itself. */
const filters = { q: z.string().trim().max(100).optional() };

function ipRows(db: Db, filter: { q?: string }) {
  let query = db
    .selectFrom('blocked_ips as b')
    .leftJoin('users as u', 'u.id', 'b.blocked_by')
    .select([
      'b.ip as id',
      'b.ip',
      'b.reason',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
        'blocked_by',
      ),
      'b.created_at',
    ]);
  if (filter.q) query = query.where('b.ip', 'ilike', containsPattern(filter.q));
  return query;
}

export const ipBlocksSpec = defineList({
  resource: 'ip-blocks',
  sortable: ['id', 'ip', 'created_at'],
  defaultSort: ['created_at', 'DESC'],
  filters,
  rows: ipRows,
  id: { column: 'id', type: 'text' },
});

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
