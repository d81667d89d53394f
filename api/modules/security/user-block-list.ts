import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';

/** Blocked accounts, as the console lists them: name, email, when and why. */
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
