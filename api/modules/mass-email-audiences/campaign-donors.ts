import { sql } from 'kysely';
import { z } from 'zod';
import { paidGift } from '../donations/paid-gifts';
import type { Audience } from '../mass-email/audiences';

export const CAMPAIGN_DONORS = 'campaign-donors';

const params = z.object({
  campaignId: z.coerce
    .number({ error: 'Choose a campaign.' })
    .int('Choose a campaign.')
    .min(1, 'Choose a campaign.')
    .max(2_147_483_647, 'Choose a campaign.'),
});
export type CampaignDonorsParams = z.infer<typeof params>;

/**
 * 'campaign-donors' {campaignId} (docs/product/rulings.md "Campaigns": staff with
 * EMAIL_CAMPAIGN_DONATIONS email a campaign's donors): every address that made a paid gift to the
 * campaign, lower-cased, once, with the first name of its latest paid gift.
 */
export const campaignDonors: Audience<CampaignDonorsParams> = {
  kind: CAMPAIGN_DONORS,
  params,
  missing: { campaignId: ['Choose a campaign that exists.'] },
  async describe(db, { campaignId }) {
    const campaign = await db
      .selectFrom('campaigns')
      .select('name')
      .where('id', '=', campaignId)
      .executeTakeFirst();
    return campaign ? { label: `Donors to ${campaign.name}`, reason: `you gave to ${campaign.name}` } : null;
  },
  recipients(_db, { campaignId }) {
    return sql<{ email: string; first_name: string | null }>`
      SELECT DISTINCT ON (lower(trim(d.email))) lower(trim(d.email)) AS email, d.first_name
      FROM donations d
      WHERE d.campaign_id = ${campaignId} AND ${paidGift('d')} AND position('@' in d.email) > 0
      ORDER BY lower(trim(d.email)), d.paid_at DESC NULLS LAST, d.id DESC`;
  },
};
