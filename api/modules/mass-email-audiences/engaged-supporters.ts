import { sql } from 'kysely';
import { z } from 'zod';
import { ENGAGED_SUPPORTERS, engagedLabel } from '../../contract/engaged-audiences';
import type { Audience } from '../mass-email/audiences';
import { outreachCampaign } from './candidate-supporters';
import { engagedDays, engagedRecipients } from './engaged';

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const params = z.object({
  /** Always the signed-in candidate: the door sets it from the session, never from the form. */
  candidateId: id('Sign in as a candidate.'),
  campaignId: id('Choose one of your campaigns.'),
  days: engagedDays,
});
export type EngagedSupportersParams = z.infer<typeof params>;

/**
 * 'engaged-supporters' {candidateId, campaignId, days} for a candidate's outreach: the people who
 * clicked a link in one of the candidate's own emails, or gave to the candidate, in the last
 * 30/60/90 days. As with 'candidate-supporters', another candidate's campaign describes nothing.
 */
export const engagedSupporters: Audience<EngagedSupportersParams> = {
  kind: ENGAGED_SUPPORTERS,
  params,
  missing: { campaignId: ['Choose one of your open social media or GOTV campaigns.'] },
  async describe(db, { candidateId, campaignId, days }) {
    const row = await outreachCampaign(db, candidateId, campaignId);
    if (!row) return null;
    return {
      label: `${engagedLabel(days)}, ${row.candidate}: ${row.name}`,
      reason: `you read ${row.candidate}'s email or gave to ${row.candidate} in the last ${days} days`,
    };
  },
  recipients(_db, { candidateId, days }) {
    return engagedRecipients(days, {
      sends: sql<boolean>`s.created_by = ${candidateId}`,
      gifts: sql<boolean>`d.candidate_id = ${candidateId}`,
    });
  },
};
