import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { defineList } from '../lists/list-spec';

/** The history of health-check runs, with who started each. */
const filters = { status: z.enum(['pass', 'fail', 'partial']).optional() };

function runRows(db: Db, filter: { status?: 'pass' | 'fail' | 'partial' }) {
  let query = db
    .selectFrom('health_check_runs as h')
    .leftJoin('users as u', 'u.id', 'h.started_by')
    .select([
      'h.id',
      'h.status',
      'h.results',
      'h.duration_ms',
      'h.created_at',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
        'started_by',
      ),
    ]);
  if (filter.status) query = query.where('h.status', '=', filter.status);
  return query;
}

export const healthChecksSpec = defineList({
  resource: 'health-checks',
  sortable: ['id', 'created_at', 'status', 'duration_ms'],
  defaultSort: ['created_at', 'DESC'],
  filters,
  rows: runRows,
});
