import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { oneRecord } from '../../../modules/lists/list-rows';
import { defineList } from '../../../modules/lists/list-spec';
import { composeInput } from '../../../modules/mass-email/schema';
import { previewSend, queueSend } from '../../../modules/mass-email/sends';
import { CAMPAIGN_DONORS } from '../../../modules/mass-email-audiences';
import { hitRateLimit } from '../../../modules/rate-limits/service';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';
import {
  cancelHandler,
  massEmailDeps,
  massEmailSendRows,
  PREVIEW_LIMIT,
  SEND_LIMIT,
} from './mass-email-sends';

/**
 * Donor emails (docs/product/rulings.md "Campaigns"; docs/decisions/0022-mass-email.md): staff with
 * EMAIL_CAMPAIGN_DONATIONS email a campaign's donors through the mass email module. The console's
 * compose screen is /admin/donor-emails/create?campaignId={id}.
 */
const donorEmailInput = composeInput.extend({
  campaignId: z.coerce
    .number({ error: 'Choose a campaign.' })
    .int('Choose a campaign.')
    .min(1, 'Choose a campaign.')
    .max(2_147_483_647, 'Choose a campaign.'),
});

const audienceOf = (campaignId: number) => ({ kind: CAMPAIGN_DONORS, params: { campaignId } });

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

/** Campaigns to pick from, with how many distinct addresses gave to each (paid gifts). */
export const donorEmailCampaignsSpec = defineList({
  resource: 'donor-email-campaigns',
  sortable: ['id', 'name', 'donors'],
  defaultSort: ['name', 'ASC'],
  filters: {},
  rows: (db) =>
    db
      .selectFrom('campaigns as c')
      .leftJoin('users as u', 'u.id', 'c.candidate_id')
      .where('c.archived_at', 'is', null)
      .select([
        'c.id',
        'c.name',
        'c.type',
        sql<
          string | null
        >`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as(
          'candidate_name',
        ),
        sql<number>`(SELECT count(DISTINCT lower(trim(d.email)))::int FROM donations d
          WHERE d.campaign_id = c.id AND d.status = 'paid')`.as('donors'),
      ]),
});

export const donorEmails: RestResource = {
  name: 'donor-emails',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), donorEmailsSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), donorEmailsSpec, c.req.param('id') ?? '')),
    /** Send: the recipient list is fixed now and the job queue delivers it. */
    create: async (c) => {
      const { campaignId, ...content } = await readBody(c, donorEmailInput);
      await hitRateLimit(c.get('db'), SEND_LIMIT, String(c.get('actor').id));
      const send = await queueSend(massEmailDeps(c), audienceOf(campaignId), content, c.get('actor'));
      return c.json(await oneRecord(c.get('db'), donorEmailsSpec, String(send.id)), 201);
    },
    update: cancelHandler(donorEmailsSpec),
  },
};

/** POST: the count and the email as the first recipient reads it; nothing is stored. */
export const donorEmailPreviews: RestResource = {
  name: 'donor-email-previews',
  handlers: {
    create: async (c) => {
      const { campaignId, ...content } = await readBody(c, donorEmailInput);
      await hitRateLimit(c.get('db'), PREVIEW_LIMIT, String(c.get('actor').id));
      const preview = await previewSend(massEmailDeps(c), audienceOf(campaignId), content);
      return c.json({ id: `campaign-${campaignId}`, campaignId, ...preview }, 200);
    },
  },
};

export const donorEmailCampaigns: RestResource = {
  name: 'donor-email-campaigns',
  handlers: { list: (c) => listResponse(c, c.get('db'), donorEmailCampaignsSpec) },
};
