import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';

/**
 * Members, follows and outreach campaigns for the GOTV and candidate email tests
 * (docs/decisions/0032-gotv-and-candidate-emails.md), inserted directly: the sign-up and follow flows are not what they test.
 * Tests give their members made-up state codes ('QA', 'QB'...) so the seed's people never count.
 */
export interface PersonSpec {
  state?: string;
  kind?: 'individual' | 'organization';
  candidate?: boolean;
  vendor?: boolean;
  firstName?: string;
  blocked?: boolean;
  deleted?: boolean;
}

export async function aPerson(db: Db, spec: PersonSpec = {}) {
  const tag = randomBytes(4).toString('hex');
  const kind = spec.kind ?? 'individual';
  return db
    .insertInto('users')
    .values({
      email: `person-${tag}@Example.test`,
      kind,
      first_name: kind === 'individual' ? (spec.firstName ?? 'Pat') : null,
      last_name: kind === 'individual' ? `Person${tag}` : null,
      org_name: kind === 'organization' ? `Org ${tag}` : null,
      state: spec.state ?? null,
      is_candidate: spec.candidate ?? false,
      is_vendor: spec.vendor ?? false,
      blocked_at: spec.blocked ? new Date() : null,
      deleted_at: spec.deleted ? new Date() : null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

export async function follow(db: Db, followerId: number, followeeId: number) {
  await db.insertInto('follows').values({ follower_id: followerId, followee_id: followeeId }).execute();
}

/** A SocialMedia or GOTV campaign of the candidate's. */
export async function anOutreachCampaign(db: Db, candidateId: number, type: 'GOTV' | 'SocialMedia' = 'GOTV') {
  const row = await db
    .insertInto('campaigns')
    .values({ candidate_id: candidateId, type, name: `Get out the vote ${randomBytes(2).toString('hex')}` })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return row;
}

/** A segment's size as the console's Count button asks for it. */
export const sizeOf = (json: unknown) =>
  json as { audience: string; recipients: number; suppressed: number; total: number };
