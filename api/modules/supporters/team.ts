import type { Db } from '../../../db/client';
import type { SessionUser } from '../../contract/session-user';
import { campaignsTreasuredBy, isTreasurerOf } from '../fec-reports/treasurers';

/**
 * The campaign's team (issue 50, docs/decisions/0100-supporters.md): who may see a campaign's
 * supporters. A candidate and an organization see their own; a candidate's live treasurers
 * (docs/decisions/0090-fec-reports.md) see the candidate's. Everyone else gets null, which the
 * doors answer with the normal 404: another campaign's people do not exist for them.
 */
export interface CampaignSeat {
  ownerId: number;
  ownerName: string;
  /** The candidate or organization themselves: only they send emails in the campaign's name. */
  isOwner: boolean;
}

/** A campaign's owner (a candidate or an organization) and the name it goes by; null for anyone else. */
async function campaignOwner(db: Db, ownerId: number) {
  const owner = await db
    .selectFrom('users')
    .select(['kind', 'is_candidate', 'first_name', 'last_name', 'org_name'])
    .where('id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!owner || !(owner.is_candidate || owner.kind === 'organization')) return null;
  const name =
    owner.kind === 'organization'
      ? (owner.org_name ?? '')
      : `${owner.first_name ?? ''} ${owner.last_name ?? ''}`.trim();
  return { name, isCandidate: owner.is_candidate };
}

/** The name a campaign goes by ("Casey Candidate", "Ohio Parents United"), null when it is none. */
export async function campaignNameOf(db: Db, ownerId: number): Promise<string | null> {
  return (await campaignOwner(db, ownerId))?.name ?? null;
}

export async function campaignSeat(db: Db, user: SessionUser, ownerId: number): Promise<CampaignSeat | null> {
  const owner = await campaignOwner(db, ownerId);
  if (!owner) return null;
  if (user.id === ownerId) return { ownerId, ownerName: owner.name, isOwner: true };
  if (owner.isCandidate && (await isTreasurerOf(db, user.id, ownerId))) {
    return { ownerId, ownerName: owner.name, isOwner: false };
  }
  return null;
}

/** The campaigns whose supporters `user` may see: their own first, then those they are treasurer of. */
export async function seatsOf(db: Db, user: SessionUser): Promise<{ ownerId: number; ownerName: string }[]> {
  const own =
    user.candidate || user.role === 'organization'
      ? [
          {
            ownerId: user.id,
            ownerName: user.role === 'organization' ? (user.orgname ?? user.name) : user.name,
          },
        ]
      : [];
  const treasured = await campaignsTreasuredBy(db, user.id);
  return [
    ...own,
    ...treasured.map((t) => ({
      ownerId: t.candidateId,
      ownerName: `${t.firstName ?? ''} ${t.lastName ?? ''}`.trim(),
    })),
  ];
}
