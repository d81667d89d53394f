import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { runHealthChecks } from '../../../modules/health-checks/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { defineList } from '../../../modules/lists/list-spec';
import { createPaymentsPort } from '../../../ports/payments';
import { listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** The history of health-check runs; POST runs them now (RUN_TESTS). */
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

export const healthChecks: RestResource = {
  name: 'health-checks',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), healthChecksSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), healthChecksSpec, c.req.param('id')!)),
    create: async (c) => {
      const run = await runHealthChecks(
        {
          db: c.get('db'),
          email: c.get('email'),
          payments: createPaymentsPort(c.get('config')),
          realtime: c.get('realtime'),
          jobs: c.get('jobs'),
        },
        c.get('actor'),
      );
      return c.json(await oneRecord(c.get('db'), healthChecksSpec, String(run.id)), 201);
    },
  },
};
