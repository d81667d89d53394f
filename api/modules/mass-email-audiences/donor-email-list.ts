import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { defineList } from '../lists/list-spec';
import { massEmailSendRows } from '../mass-email/send-list';
import { CAMPAIGN_DONORS } from './campaign-donors';

/** The console's donor emails (/admin/donor-emails): the mass email sends to a campaign's donors. */
function donorEmailRows(db: Db) {
  return massEmailSendRows(db)
    .where('m.audience_kind', '=', CAMPAIGN_DONORS)
    .select(sql<number>`(m.audience_params->>'campaignId')::int`.as('campaign_id'));
}

export const donorEmailsSpec = defineList({
  resource: 'donor-emails',
  sortable: ['id', 'created_at', 'status'],
  defaultSort: ['created_at', 'DESC'],
  filters: { campaign_id: z.coerce.number().int().min(1).max(2_147_483_647).optional() },
  rows: (db, filter) => {
    const rows = donorEmailRows(db);
    return filter.campaign_id === undefined
      ? rows
      : rows.where(sql<number>`(m.audience_params->>'campaignId')::int`, '=', filter.campaign_id);
  },
});
