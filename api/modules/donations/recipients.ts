import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { FEATURES } from '../../contract/feature-names';
import { isFeatureEnabled } from '../feature-toggles/service';
import { raisedCents } from './paid-gifts';

const HANDLE = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

/** A candidate as their donation page shows them. */
export interface Recipient {
  id: number;
  handle: string;
  name: string;
  office: string | null;
  state: string | null;
  profileImage: string | null;
  /** Election dates (candidate_elections), or null when the candidate has not set them. */
  elections: { primaryOn: string; generalOn: string } | null;
}

/**
 * The candidate whose users.handle is `slug` (docs/product/rulings.md "Donations") with their
 * election dates, or null for
 * an unknown handle, a deleted or blocked account, or a member who is not a candidate.
 */
export async function findRecipient(db: Db, slug: string): Promise<Recipient | null> {
  // users_handle_format (migrations/0001): anything else names nobody, and never reaches SQL.
  if (!HANDLE.test(slug)) return null;
  const row = await db
    .selectFrom('users as u')
    .leftJoin('candidate_elections as e', 'e.candidate_id', 'u.id')
    .select([
      'u.id',
      'u.handle',
      'u.first_name',
      'u.last_name',
      'u.candidate_office',
      'u.state',
      'u.profile_image',
    ])
    .select([
      sql<string | null>`e.primary_on::text`.as('primary_on'),
      sql<string | null>`e.general_on::text`.as('general_on'),
    ])
    .where('u.handle', '=', slug)
    .where('u.is_candidate', '=', true)
    .where('u.kind', '=', 'individual')
    .where('u.deleted_at', 'is', null)
    .where('u.blocked_at', 'is', null)
    .executeTakeFirst();
  if (!row?.handle) return null;
  return {
    id: row.id,
    handle: row.handle,
    name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    office: row.candidate_office,
    state: row.state,
    profileImage: row.profile_image,
    elections:
      row.primary_on && row.general_on ? { primaryOn: row.primary_on, generalOn: row.general_on } : null,
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
    .select(raisedCents('c.id').as('raised_cents'))
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
