import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { dayStart } from '../../../contract/day-ranges';
import { DONATION_STATUSES } from '../../../contract/donation-reports';
import { parseRangeId } from '../../../modules/analytics/reports/report';
import { chargesGivenBackFor } from '../../../modules/donations/charges-given-back';
import { refundDonation, refundInput } from '../../../modules/donations/refunds';
import { donationRevenue, REVENUE_CSV_HEADER, revenueCsvRows } from '../../../modules/donations/revenue';
import { oneRecord } from '../../../modules/lists/list-rows';
import { containsPattern, defineList } from '../../../modules/lists/list-spec';
import { providerRefundOf } from '../../../modules/payments/provider-refunds';
import { hitRateLimit } from '../../../modules/rate-limits/service';
import { csvLine } from '../lists/csv';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/**
 * The console's campaign donations (/admin/campaign-donations, VIEW_CAMPAIGN_DONATIONS): candidates,
 * their CampaignDonation campaigns, every gift, and refunds (REFUND_DONATIONS); plus the donation
 * revenue report (/admin/revenues/donations). docs/decisions/0023-campaign-dashboard-and-refunds.md.
 */
const candidateName = sql<string>`coalesce(u.org_name, u.first_name || ' ' || u.last_name)`;

export const donationCandidatesSpec = defineList({
  resource: 'donation-candidates',
  sortable: ['name', 'id'],
  defaultSort: ['name', 'ASC'],
  filters: { q: z.string().trim().max(120).optional() },
  rows: (db: Db, filter: { q?: string }) => {
    let query = db
      .selectFrom('users as u')
      .select(['u.id', candidateName.as('name'), 'u.handle'])
      .where('u.is_candidate', '=', true);
    if (filter.q) query = query.where(candidateName, 'ilike', containsPattern(filter.q));
    return query;
  },
});

export const donationCampaignsSpec = defineList({
  resource: 'donation-campaigns',
  sortable: ['created_at', 'name', 'goal_cents', 'raised_cents', 'candidate_name', 'id'],
  defaultSort: ['created_at', 'DESC'],
  filters: {
    candidate_id: z.number().int().positive().max(2_147_483_647).optional(),
    q: z.string().trim().max(120).optional(),
  },
  rows: (db: Db, filter: { candidate_id?: number; q?: string }) => {
    let query = db
      .selectFrom('campaigns as c')
      .innerJoin('users as u', 'u.id', 'c.candidate_id')
      .select([
        'c.id',
        'c.candidate_id',
        candidateName.as('candidate_name'),
        'c.name',
        'c.description',
        'c.goal_cents',
        sql<number>`(SELECT coalesce(sum(d.amount_cents), 0)::bigint FROM donations d
          WHERE d.campaign_id = c.id AND d.status = 'paid')`.as('raised_cents'),
        'c.archived_at',
        'c.created_at',
      ])
      .where('c.type', '=', 'CampaignDonation');
    if (filter.candidate_id) query = query.where('c.candidate_id', '=', filter.candidate_id);
    if (filter.q) query = query.where('c.name', 'ilike', containsPattern(filter.q));
    return query;
  },
});

const DAY_MS = 86_400_000;
const day = z.string().refine((v) => {
  try {
    dayStart(v);
    return true;
  } catch {
    return false;
  }
}, 'Use a real day, YYYY-MM-DD.');

export const donationsSpec = defineList({
  resource: 'donations',
  sortable: ['created_at', 'paid_at', 'amount_cents', 'status', 'id'],
  defaultSort: ['created_at', 'DESC'],
  id: { column: 'id', type: 'bigint' },
  filters: {
    candidate_id: z.number().int().positive().max(2_147_483_647).optional(),
    campaign_id: z.number().int().positive().max(2_147_483_647).optional(),
    status: z.enum(DONATION_STATUSES).optional(),
    from: day.optional(),
    to: day.optional(),
    // Reference or donor email, partly typed.
    q: z.string().trim().max(120).optional(),
  },
  rows: (
    db: Db,
    filter: {
      candidate_id?: number;
      campaign_id?: number;
      status?: string;
      from?: string;
      to?: string;
      q?: string;
    },
  ) => {
    let query = db
      .selectFrom('donations as d')
      .innerJoin('users as u', 'u.id', 'd.candidate_id')
      .leftJoin('campaigns as c', 'c.id', 'd.campaign_id')
      .select([
        'd.id',
        'd.reference',
        'd.candidate_id',
        candidateName.as('candidate_name'),
        'd.campaign_id',
        'c.name as campaign_name',
        sql<string>`d.first_name || ' ' || d.last_name`.as('donor_name'),
        'd.email',
        'd.amount_cents',
        'd.election',
        'd.status',
        sql<boolean>`d.recurring_id IS NOT NULL`.as('recurring'),
        'd.employer',
        'd.occupation',
        'd.city',
        'd.state',
        'd.created_at',
        'd.paid_at',
        'd.refunded_at',
        'd.refund_reason',
      ]);
    if (filter.candidate_id) query = query.where('d.candidate_id', '=', filter.candidate_id);
    if (filter.campaign_id) query = query.where('d.campaign_id', '=', filter.campaign_id);
    if (filter.status) query = query.where('d.status', '=', filter.status as never);
    // UTC days, both included.
    if (filter.from) query = query.where('d.created_at', '>=', dayStart(filter.from));
    if (filter.to) query = query.where('d.created_at', '<', new Date(dayStart(filter.to).getTime() + DAY_MS));
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      query = query.where((eb) =>
        eb.or([eb('d.reference', 'ilike', pattern), eb('d.email', 'ilike', pattern)]),
      );
    }
    return query;
  },
});

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

/**
 * A gift as the console's detail shows it: its row, where the money of its refund is, and the
 * charges given back unasked (a second charge, one over the limit).
 */
async function giftDetail(db: Db, rawId: string) {
  const gift = await oneRecord(db, donationsSpec, rawId);
  const refund = await providerRefundOf(db, { kind: 'donation', reference: gift.reference });
  const givenBack = await chargesGivenBackFor(db, gift.reference);
  return { ...gift, provider_refund: refund ?? null, charges_given_back: givenBack };
}

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
