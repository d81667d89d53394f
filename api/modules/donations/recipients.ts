import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { FEATURES } from '../../contract/feature-names';
import { isFeatureEnabled } from '../feature-toggles/service';

/** A candidate as their donation page shows them. */
export interface Recipient {
  id: number;
  handle: string;
  name: string;
  office: string | null;
  state: string | null;
  profileImage: string | null;
}

/**
 * The candidate whose users.handle is `slug` (docs/product/decisions.md "Donations"), or null for
 * an unknown handle, a deleted or blocked account, or a member who is not a candidate.
 */
export async function findRecipient(db: Db, slug: string): Promise<Recipient | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'handle', 'first_name', 'last_name', 'candidate_office', 'state', 'profile_image'])
    .where('handle', '=', slug)
    .where('is_candidate', '=', true)
    .where('kind', '=', 'individual')
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
  if (!row?.handle) return null;
  return {
    id: row.id,
    handle: row.handle,
    name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    office: row.candidate_office,
    state: row.state,
    profileImage: row.profile_image,
  };
}

/** Whether gifts are taken at all (the campaign-donations toggle, docs/product/spec.md §6). */
export function donationsEnabled(db: Db): Promise<boolean> {
  return isFeatureEnabled(db, FEATURES.campaignDonations);
}

export function notAcceptingMessage(name: string): string {
  return `${name} isn't accepting donations right now.`;
}

/** A CampaignDonation campaign of this candidate that is not archived, with what it raised. */
export async function findGiftCampaign(db: Db, candidateId: number, campaignId: number) {
  const row = await db
    .selectFrom('campaigns as c')
    .select(['c.id', 'c.name', 'c.goal_cents'])
    .select(
      sql<string>`(SELECT coalesce(sum(d.amount_cents), 0) FROM donations d
        WHERE d.campaign_id = c.id AND d.status = 'paid')`.as('raised_cents'),
    )
    .where('c.id', '=', campaignId)
    .where('c.candidate_id', '=', candidateId)
    .where('c.type', '=', 'CampaignDonation')
    .where('c.archived_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    goalCents: row.goal_cents,
    raisedCents: Number(row.raised_cents ?? 0),
  };
}
