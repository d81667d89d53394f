import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { dayStart } from '../../contract/day-ranges';
import { DONATION_STATUSES } from '../../contract/donation-reports';
import { oneRecord } from '../lists/list-rows';
import { containsPattern, defineList } from '../lists/list-spec';
import { disputedCharge } from '../payments/disputes';
import { providerRefundOf } from '../payments/provider-refunds';
import { candidateName } from './candidate-list';
import { chargesGivenBackFor } from './charges-given-back';

/** The console's gifts (/admin/campaign-donations): every donation, and one gift's detail. */
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

/**
 * A gift as the console's detail shows it: its row, where the money of its refund is, the
 * charges given back unasked (a second charge, one over the limit), and whether the payer
 * disputed its charge.
 */
export async function giftDetail(db: Db, rawId: string) {
  const gift = await oneRecord(db, donationsSpec, rawId);
  const refund = await providerRefundOf(db, { kind: 'donation', reference: gift.reference });
  const givenBack = await chargesGivenBackFor(db, gift.reference);
  // Disputed at the provider: by its payment id, or (a monthly gift's renewal) the invoice it kept.
  const dispute = await db
    .selectFrom('donations as d')
    .select(disputedCharge('d.provider_payment_id').as('disputed'))
    .where('d.reference', '=', gift.reference)
    .executeTakeFirst();
  return {
    ...gift,
    provider_refund: refund ?? null,
    charges_given_back: givenBack,
    disputed: dispute?.disputed === true,
  };
}
