import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';

/**
 * Failed sign-ins grouped by address and by account over the last `days` (default 30):
 * how many, how many were refused by the rate limit, when the last one was, and whether the
 * address or account is blocked already.
 */
const filters = {
  days: z.number().int().min(1).max(365).optional(),
  q: z.string().trim().max(254).optional(),
};
type Filter = { days?: number; q?: string };

const failedSince = (db: Db, days = 30) =>
  db
    .selectFrom('sign_in_attempts as a')
    .where('a.succeeded', '=', false)
    .where('a.created_at', '>', sql<Date>`now() - make_interval(days => ${days})`);

function byIpRows(db: Db, filter: Filter) {
  let query = failedSince(db, filter.days)
    .leftJoin('blocked_ips as b', 'b.ip', 'a.ip')
    .select([
      'a.ip as id',
      'a.ip',
      sql<number>`count(*)::int`.as('failures'),
      sql<number>`count(*) FILTER (WHERE a.reason = 'rate_limited')::int`.as('rate_limited'),
      sql<number>`count(DISTINCT a.email)::int`.as('accounts'),
      sql<Date>`max(a.created_at)`.as('last_at'),
      sql<boolean>`bool_or(b.ip IS NOT NULL)`.as('blocked'),
    ])
    .groupBy('a.ip');
  if (filter.q) query = query.where('a.ip', 'ilike', containsPattern(filter.q));
  return query;
}

function byAccountRows(db: Db, filter: Filter) {
  let query = failedSince(db, filter.days)
    .leftJoin('users as u', (join) => join.on(sql`lower(u.email)`, '=', sql.ref('a.email')))
    .select([
      'a.email as id',
      'a.email',
      sql<number | null>`max(u.id)`.as('user_id'),
      sql<number>`count(*)::int`.as('failures'),
      sql<number>`count(*) FILTER (WHERE a.reason = 'rate_limited')::int`.as('rate_limited'),
      sql<number>`count(DISTINCT a.ip)::int`.as('addresses'),
      sql<Date>`max(a.created_at)`.as('last_at'),
      sql<boolean>`bool_or(u.blocked_at IS NOT NULL)`.as('blocked'),
    ])
    .groupBy('a.email');
  if (filter.q) query = query.where('a.email', 'ilike', containsPattern(filter.q));
  return query;
}

const sortable = ['id', 'failures', 'rate_limited', 'last_at'] as const;

export const failedByIpSpec = defineList({
  resource: 'failed-sign-ins-by-ip',
  sortable: [...sortable, 'accounts'],
  defaultSort: ['failures', 'DESC'],
  filters,
  rows: byIpRows,
  id: { column: 'id', type: 'text' },
});

export const failedByAccountSpec = defineList({
  resource: 'failed-sign-ins-by-account',
  sortable: [...sortable, 'addresses'],
  defaultSort: ['failures', 'DESC'],
  filters,
  rows: byAccountRows,
  id: { column: 'id', type: 'text' },
});
