import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';
import { candidateName } from './candidate-list';
import { raisedCents } from './paid-gifts';

/** The console's donation campaigns: the CampaignDonation campaigns with what each raised (paid gifts). */
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
        raisedCents('c.id').as('raised_cents'),
        'c.archived_at',
        'c.created_at',
      ])
      .where('c.type', '=', 'CampaignDonation');
    if (filter.candidate_id) query = query.where('c.candidate_id', '=', filter.candidate_id);
    if (filter.q) query = query.where('c.name', 'ilike', containsPattern(filter.q));
    return query;
  },
});
