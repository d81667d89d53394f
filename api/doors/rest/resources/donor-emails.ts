import { z } from 'zod';
import { oneRecord } from '../../../modules/lists/list-rows';
import { composeInput } from '../../../modules/mass-email/schema';
import { previewSend, queueSend } from '../../../modules/mass-email/sends';
import { CAMPAIGN_DONORS } from '../../../modules/mass-email-audiences';
import { donorEmailCampaignsSpec } from '../../../modules/mass-email-audiences/donor-email-campaign-list';
import { donorEmailsSpec } from '../../../modules/mass-email-audiences/donor-email-list';
import { hitRateLimit } from '../../../modules/rate-limits/service';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';
import {
  cancelHandler,
  massEmailDeps,
  PREVIEW_LIMIT,
  SEND_LIMIT,
  sendWithClicksHandler,
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

export const donorEmails: RestResource = {
  name: 'donor-emails',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), donorEmailsSpec),
    getOne: sendWithClicksHandler(donorEmailsSpec),
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
