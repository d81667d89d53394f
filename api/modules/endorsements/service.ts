import type { Db } from '../../../db/client';
import { profileName, profilePath } from '../../contract/person-names';
import { NotFoundError, ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';

/**
 * Endorsements (docs/decisions/0033-social.md): a member or an organization endorses a candidate, once
 * (the table's primary key), and may withdraw. Vendors do not endorse: a shop that sells to every
 * campaign takes no side. Organizations' endorsements are listed by name; individuals are counted.
 */
const ENDORSE_LIMIT = { name: 'endorse', limit: 30, windowSeconds: 3600 };

export interface EndorsementSummary {
  total: number;
  organizations: { id: number; name: string; path: string }[];
  endorsedByViewer: boolean;
}

async function openCandidate(db: Db, candidateId: number) {
  const candidate = await db
    .selectFrom('users')
    .select(['id', 'is_candidate'])
    .where('id', '=', candidateId)
    .where('blocked_at', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!candidate) throw new NotFoundError('This member does not exist.');
  if (!candidate.is_candidate)
    throw new ValidationError({ candidateId: ['Only candidates can be endorsed.'] });
}

export async function endorse(db: Db, endorserId: number, candidateId: number): Promise<{ endorsed: true }> {
  if (endorserId === candidateId)
    throw new ValidationError({ candidateId: ['You cannot endorse yourself.'] });
  await openCandidate(db, candidateId);
  const endorser = await db
    .selectFrom('users')
    .select('is_vendor')
    .where('id', '=', endorserId)
    .executeTakeFirstOrThrow();
  if (endorser.is_vendor)
    throw new ValidationError({ candidateId: ['Vendor accounts do not endorse candidates.'] });
  await hitRateLimit(db, ENDORSE_LIMIT, String(endorserId));
  // Endorsing twice is endorsing once.
  await db
    .insertInto('endorsements')
    .values({ candidate_id: candidateId, endorser_id: endorserId })
    .onConflict((oc) => oc.columns(['candidate_id', 'endorser_id']).doNothing())
    .execute();
  return { endorsed: true };
}

export async function withdrawEndorsement(
  db: Db,
  endorserId: number,
  candidateId: number,
): Promise<{ endorsed: false }> {
  await hitRateLimit(db, ENDORSE_LIMIT, String(endorserId));
  await db
    .deleteFrom('endorsements')
    .where('candidate_id', '=', candidateId)
    .where('endorser_id', '=', endorserId)
    .execute();
  return { endorsed: false };
}

/** Endorsements from open accounts: how many, which organizations, and whether the viewer is one. */
export async function endorsementsOf(
  db: Db,
  candidateId: number,
  viewerId: number | null,
): Promise<EndorsementSummary> {
  const rows = await db
    .selectFrom('endorsements as e')
    .innerJoin('users as u', 'u.id', 'e.endorser_id')
    .select(['u.id', 'u.kind', 'u.first_name', 'u.last_name', 'u.org_name'])
    .where('e.candidate_id', '=', candidateId)
    .where('u.blocked_at', 'is', null)
    .where('u.deleted_at', 'is', null)
    .orderBy('e.created_at')
    .execute();
  return {
    total: rows.length,
    organizations: rows
      .filter((r) => r.kind === 'organization')
      .map((r) => ({ id: r.id, name: profileName(r), path: profilePath(r) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    endorsedByViewer: viewerId !== null && rows.some((r) => r.id === viewerId),
  };
}
