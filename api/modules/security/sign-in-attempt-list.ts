import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';

/**
 * Every recorded sign-in attempt. The security screen shows failures and, with
 * filter {"reason":"rate_limited"}, the attempts refused by the sign-in rate limit.
 */
const filters = {
  ip: z.string().trim().max(64).optional(),
  email: z.string().trim().max(254).optional(),
  succeeded: z.boolean().optional(),
  reason: z.enum(['invalid', 'invalid_code', 'blocked', 'unverified', 'rate_limited']).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
};

function attemptRows(
  db: Db,
  filter: { ip?: string; email?: string; succeeded?: boolean; reason?: string; since?: string },
) {
  let query = db.selectFrom('sign_in_attempts').select([
    // bigserial: float8 keeps it a JSON number on both engines (exact up to 2^53).
    sql<number>`id::float8`.as('id'),
    'email',
    'ip',
    'user_id',
    'succeeded',
    'reason',
    'created_at',
  ]);
  if (filter.ip) query = query.where('ip', '=', filter.ip);
  if (filter.email) query = query.where('email', 'ilike', containsPattern(filter.email));
  if (filter.succeeded !== undefined) query = query.where('succeeded', '=', filter.succeeded);
  if (filter.reason) query = query.where('reason', '=', filter.reason);
  if (filter.since) query = query.where('created_at', '>=', new Date(filter.since));
  return query;
}

export const signInAttemptsSpec = defineList({
  resource: 'sign-in-attempts',
  sortable: ['id', 'created_at', 'email', 'ip'],
  defaultSort: ['created_at', 'DESC'],
  filters,
  rows: attemptRows,
  id: { column: 'id', type: 'bigint' },
});
