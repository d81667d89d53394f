import { healthChecksSpec } from '../../../modules/health-checks/health-check-run-list';
import { runHealthChecks } from '../../../modules/health-checks/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { createPaymentsPort } from '../../../ports/payments';
import { listResponse } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** The history of health-check runs; POST runs them now (RUN_TESTS). */
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
