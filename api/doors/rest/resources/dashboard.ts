import { dashboardSummary } from '../../../modules/dashboard/stats';
import { NotFoundError } from '../../../modules/errors';
import type { RestResource } from '../router';

/** GET /dashboard/summary: the home screen's key figures (one record, react-admin's getOne). */
export const dashboard: RestResource = {
  name: 'dashboard',
  handlers: {
    getOne: async (c) => {
      if (c.req.param('id') !== 'summary') throw new NotFoundError('The dashboard has one record: summary.');
      return c.json(await dashboardSummary(c.get('db')));
    },
  },
};
