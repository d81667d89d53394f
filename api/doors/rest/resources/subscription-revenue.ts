import { SUBSCRIPTION_REVENUE_ID } from '../../../contract/subscription-revenue';
import { NotFoundError } from '../../../modules/errors';
import { membershipChargesGivenBack } from '../../../modules/membership/charges-given-back';
import {
  SUBSCRIPTION_REVENUE_CSV_HEADER,
  subscriptionRevenue,
  subscriptionRevenueCsvRows,
} from '../../../modules/membership/revenue';
import { csvLine } from '../lists/csv';
import type { RestResource } from '../router';

/**
 * GET /subscription-revenue/last-12-months: the report (/admin/revenues/subscriptions) and the
 * latest membership charges given back unasked; with
 * ?format=csv the same report as CSV (one row a month, then MRR), so the download matches the screen.
 */
export const subscriptionRevenueResource: RestResource = {
  name: 'subscription-revenue',
  handlers: {
    getOne: async (c) => {
      if (c.req.param('id') !== SUBSCRIPTION_REVENUE_ID) {
        throw new NotFoundError(`The subscription revenue report is ${SUBSCRIPTION_REVENUE_ID}.`);
      }
      const report = await subscriptionRevenue(c.get('db'));
      if (c.req.query('format') !== 'csv') {
        return c.json({ ...report, chargesGivenBack: await membershipChargesGivenBack(c.get('db')) });
      }
      const body = [SUBSCRIPTION_REVENUE_CSV_HEADER, ...subscriptionRevenueCsvRows(report)]
        .map((r) => csvLine(r))
        .join('');
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="subscription-revenue.csv"',
        'Cache-Control': 'no-store',
      });
    },
  },
};
