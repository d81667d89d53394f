import { parseRangeId } from '../../../modules/analytics/reports/report';
import { donationCampaignsSpec } from '../../../modules/donations/campaign-list';
import { donationCandidatesSpec } from '../../../modules/donations/candidate-list';
import { donationsSpec, giftDetail } from '../../../modules/donations/gift-list';
import { refundDonation, refundInput } from '../../../modules/donations/refunds';
import { donationRevenue, REVENUE_CSV_HEADER, revenueCsvRows } from '../../../modules/donations/revenue';
import { oneRecord } from '../../../modules/lists/list-rows';
import { hitRateLimit } from '../../../modules/rate-limits/service';
import { csvLine } from '../lists/csv';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/**
 * The console's campaign donations (/admin/campaign-donations, VIEW_CAMPAIGN_DONATIONS): candidates,
 * their CampaignDonation campaigns, every gift, and refunds (REFUND_DONATIONS); plus the donation
 * revenue report (/admin/revenues/donations). docs/decisions/0023-campaign-dashboard-and-refunds.md.
 */
export const donationCandidates: RestResource = {
  name: 'donation-candidates',
  handlers: { list: (c) => listResponse(c, c.get('db'), donationCandidatesSpec) },
};

export const donationCampaigns: RestResource = {
  name: 'donation-campaigns',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), donationCampaignsSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), donationCampaignsSpec, c.req.param('id')!)),
  },
};

export const donations: RestResource = {
  name: 'donations',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), donationsSpec),
    getOne: async (c) => c.json(await giftDetail(c.get('db'), c.req.param('id')!)),
  },
};

/** Sixty refunds in ten minutes per staff member: more is a script, not a person. */
const REFUND_LIMIT = { name: 'donation-refund', limit: 60, windowSeconds: 600 };

/** POST /donation-refunds {donationId, reason}: answers the refunded gift as react-admin's create wants. */
export const donationRefunds: RestResource = {
  name: 'donation-refunds',
  handlers: {
    create: async (c) => {
      const input = await readBody(c, refundInput);
      const actor = c.get('actor');
      await hitRateLimit(c.get('db'), REFUND_LIMIT, String(actor.id));
      await refundDonation(
        { db: c.get('db'), email: c.get('email'), jobs: c.get('jobs'), realtime: c.get('realtime') },
        { donationId: input.donationId, reason: input.reason, staffUserId: actor.id, ip: actor.ip },
      );
      return c.json(await giftDetail(c.get('db'), String(input.donationId)), 201);
    },
  },
};

/**
 * GET /donation-revenue/2026-10-01..2026-10-31: the report; with ?format=csv the same report as
 * CSV (one row a day, then the totals), so the download matches the screen.
 */
export const donationRevenueResource: RestResource = {
  name: 'donation-revenue',
  handlers: {
    getOne: async (c) => {
      const range = parseRangeId(c.req.param('id') ?? '');
      const report = await donationRevenue(c.get('db'), range);
      if (c.req.query('format') !== 'csv') return c.json(report);
      const body = [REVENUE_CSV_HEADER, ...revenueCsvRows(report)].map((r) => csvLine(r)).join('');
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="donation-revenue-${range.from}-${range.to}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  },
};
