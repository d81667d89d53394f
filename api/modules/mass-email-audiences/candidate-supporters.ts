import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { OUTREACH_CAMPAIGN_TYPES, SUPPORTER_GROUPS, type SupporterGroup } from '../../contract/gotv';
import { paidGift } from '../donations/paid-gifts';
import type { Audience, AudienceRecipient } from '../mass-email/audiences';

export const CANDIDATE_SUPPORTERS = 'candidate-supporters';

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const params = z.object({
  /** Always the signed-in candidate: the door sets it from the session, never from the form. */
  candidateId: id('Sign in as a candidate.'),
  campaignId: id('Choose one of your campaigns.'),
  groups: z
    .array(z.enum(SUPPORTER_GROUPS), { error: 'Choose your followers, your donors or both.' })
    .min(1, 'Choose your followers, your donors or both.')
    .transform((g) => [...new Set(g)].sort()),
});
export type CandidateSupportersParams = z.infer<typeof params>;

const REASONS: Record<string, (name: string) => string> = {
  followers: (name) => `you follow ${name}`,
  donors: (name) => `you gave to ${name}`,
  'donors,followers': (name) => `you follow or gave to ${name}`,
};
const LABELS: Record<string, string> = {
  followers: 'Followers',
  donors: 'Donors',
  'donors,followers': 'Followers and donors',
};

function followers(candidateId: number) {
  return sql<AudienceRecipient>`
    SELECT lower(u.email) AS email,
           CASE WHEN u.kind = 'organization' THEN u.org_name ELSE u.first_name END AS first_name
    FROM follows f JOIN users u ON u.id = f.follower_id
    WHERE f.followee_id = ${candidateId} AND u.deleted_at IS NULL AND u.blocked_at IS NULL
      AND position('@' in u.email) > 0`;
}

function donors(candidateId: number) {
  return sql<AudienceRecipient>`
    SELECT DISTINCT ON (lower(trim(d.email))) lower(trim(d.email)) AS email, d.first_name
    FROM donations d
    WHERE d.candidate_id = ${candidateId} AND ${paidGift('d')} AND position('@' in d.email) > 0
    ORDER BY lower(trim(d.email)), d.paid_at DESC NULLS LAST, d.id DESC`;
}

/** The candidate's own open SocialMedia or GOTV campaign and the candidate's name; undefined for anyone else's. */
export function outreachCampaign(db: Db, candidateId: number, campaignId: number) {
  return db
    .selectFrom('campaigns as c')
    .innerJoin('users as u', 'u.id', 'c.candidate_id')
    .select([
      'c.name',
      sql<string>`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`.as('candidate'),
    ])
    .where('c.id', '=', campaignId)
    .where('c.candidate_id', '=', candidateId)
    .where('c.type', 'in', [...OUTREACH_CAMPAIGN_TYPES])
    .where('c.archived_at', 'is', null)
    .where('u.is_candidate', '=', true)
    .executeTakeFirst();
}

/**
 * 'candidate-supporters' {candidateId, campaignId, groups} (docs/decisions/0032-gotv-and-candidate-emails.md): a candidate's own
 * followers (follows) and/or everyone who made a paid gift to them, for one of their SocialMedia or
 * GOTV campaigns. `describe` finds nothing for another candidate's campaign, so a candidate can
 * only ever name their own people.
 */
export const candidateSupporters: Audience<CandidateSupportersParams> = {
  kind: CANDIDATE_SUPPORTERS,
  params,
  missing: { campaignId: ['Choose one of your open social media or GOTV campaigns.'] },
  async describe(db, { candidateId, campaignId, groups }) {
    const row = await outreachCampaign(db, candidateId, campaignId);
    if (!row) return null;
    const key = groups.join(',');
    return {
      label: `${LABELS[key]} of ${row.candidate}: ${row.name}`,
      reason: (REASONS[key] ?? REASONS.followers!)(row.candidate),
    };
  },
  recipients(_db, { candidateId, groups }) {
    const parts = (groups as SupporterGroup[]).map(
      (g) => sql`(${g === 'followers' ? followers(candidateId) : donors(candidateId)})`,
    );
    return sql<AudienceRecipient>`SELECT DISTINCT ON (r.email) r.email, r.first_name
      FROM (${sql.join(parts, sql` UNION ALL `)}) r ORDER BY r.email`;
  },
};
