import { randomBytes } from 'node:crypto';
import type { GiftInput } from '../../api/modules/donations/schema';
import { REFERENCE_LISTS } from '../../api/seed/reference-options';
import type { Db } from '../../db/client';

/** The states list (the gift form validates against it). */
export async function seedStates(db: Db) {
  await db
    .insertInto('reference_options')
    .values((REFERENCE_LISTS.states ?? []).map((o, position) => ({ list_name: 'states', ...o, position })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A candidate with a handle and (unless `elections` is null) a primary and a general date. */
export async function aCandidate(
  db: Db,
  elections: { primaryOn: string; generalOn: string } | null = {
    primaryOn: '2099-06-01',
    generalOn: '2099-11-03',
  },
) {
  const handle = `cand-${randomBytes(4).toString('hex')}`;
  const user = await db
    .insertInto('users')
    .values({
      email: `${handle}@example.test`,
      kind: 'individual',
      first_name: 'Casey',
      last_name: 'Candidate',
      handle,
      is_candidate: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (elections) {
    await db
      .insertInto('candidate_elections')
      .values({ candidate_id: user.id, primary_on: elections.primaryOn, general_on: elections.generalOn })
      .execute();
  }
  return { id: user.id, handle };
}

export async function aMember(db: Db, kind: 'individual' | 'organization' = 'individual') {
  const tag = randomBytes(4).toString('hex');
  const user = await db
    .insertInto('users')
    .values({
      email: `member-${tag}@example.test`,
      kind,
      first_name: kind === 'individual' ? 'Morgan' : null,
      last_name: kind === 'individual' ? `Member${tag}` : null,
      org_name: kind === 'organization' ? `Org ${tag}` : null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return user;
}

/** A complete gift form for `candidate`; override what a test is about. */
export function aGift(candidate: string, overrides: Partial<GiftInput> = {}): GiftInput {
  return {
    candidate,
    amountCents: 5_000,
    frequency: 'once',
    firstName: 'Dana',
    lastName: 'Donor',
    email: `dana-${randomBytes(4).toString('hex')}@example.test`,
    street: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    attestCitizen: true,
    attestOwnFunds: true,
    attestNotContractor: true,
    attestAdult: true,
    ...overrides,
  };
}
