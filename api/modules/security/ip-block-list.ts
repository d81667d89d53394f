import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';

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
