import { payoutInput, settlePayout } from '../../../modules/affiliates/payouts';
import { AFFILIATE_CSV_HEADER, affiliateCsvRows, affiliateReport } from '../../../modules/affiliates/report';
import { hitRateLimit } from '../../../modules/rate-limits/service';
import { readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';
import { rangeReportResource } from './range-report';

/** GET /affiliate-report/<from>..<to> (/admin/affiliates): clicks, conversions, commission, payouts. */
export const affiliateReportResource = rangeReportResource({
  name: 'affiliate-report',
  report: affiliateReport,
  csvHeader: AFFILIATE_CSV_HEADER,
  csvRows: affiliateCsvRows,
});

/** Sixty payouts in ten minutes per staff member: more is a script, not a person. */
const PAYOUT_LIMIT = { name: 'affiliate-payout', limit: 60, windowSeconds: 600 };

/** POST /affiliate-payouts {affiliateId, note?}: pays the affiliate's whole balance (SETTLE_PAYOUTS). */
export const affiliatePayouts: RestResource = {
  name: 'affiliate-payouts',
  handlers: {
    create: async (c) => {
      const input = await readBody(c, payoutInput);
      const actor = c.get('actor');
      await hitRateLimit(c.get('db'), PAYOUT_LIMIT, String(actor.id));
      return c.json(await settlePayout(c.get('db'), input, actor), 201);
    },
  },
};
