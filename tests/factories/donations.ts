import { randomBytes } from 'node:crypto';
import { reserveHeadroom } from '../../api/modules/donations/ledger';
import type { GiftInput } from '../../api/modules/donations/schema';
import type { Db } from '../../db/client';
import type { DonationStatus, Election } from '../../db/tables/donations';

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
    acceptRules: true,
    ...overrides,
  };
}

/**
 * Gifts for tests, written straight to the tables (docs/decisions/0023-campaign-dashboard-and-refunds.md): a donor row, a donation
 * with its status, and for paid and pending gifts the limit ledger through reserveHeadroom, as
 * the giving flow leaves them. Refunded gifts hold no headroom.
 */
export interface DonorSpec {
  first?: string;
  last?: string;
  email?: string;
  zip?: string;
  userId?: number | null;
}

export async function makeDonor(db: Db, spec: DonorSpec = {}): Promise<number> {
  const first = spec.first ?? 'Dana';
  const last = spec.last ?? `Donor${randomBytes(3).toString('hex')}`;
  const email = spec.email ?? `${first}.${last}@example.org`.toLowerCase();
  const row = await db
    .insertInto('donors')
    .values({
      user_id: spec.userId ?? null,
      email_key: email.trim().toLowerCase(),
      name_key: `${first} ${last}`.toLowerCase(),
      zip5: (spec.zip ?? '43215').slice(0, 5),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface GiftSpec {
  candidateId: number;
  donorId?: number;
  amountCents: number;
  status?: DonationStatus;
  election?: Election;
  paidAt?: Date;
  campaignId?: number | null;
  first?: string;
  last?: string;
  email?: string;
  employer?: string | null;
  occupation?: string | null;
  street?: string;
}

export interface Gift {
  id: string;
  reference: string;
  donorId: number;
}

export async function giveGift(db: Db, spec: GiftSpec): Promise<Gift> {
  const first = spec.first ?? 'Dana';
  const last = spec.last ?? 'Donor';
  const email = spec.email ?? `${first}.${last}@example.org`.toLowerCase();
  const donorId = spec.donorId ?? (await makeDonor(db, { first, last, email }));
  const status = spec.status ?? 'paid';
  const election = spec.election ?? 'primary';
  const paidAt = spec.paidAt ?? new Date();
  return db.transaction().execute(async (trx) => {
    if (status === 'paid' || status === 'pending') {
      const reserved = await reserveHeadroom(
        trx,
        { candidateId: spec.candidateId, donorId, election },
        spec.amountCents,
      );
      if (!reserved.ok) throw new Error(`over the limit: ${reserved.remainingCents} cents left`);
    }
    const reference = `DON-T${randomBytes(5).toString('hex').toUpperCase()}`;
    const row = await trx
      .insertInto('donations')
      .values({
        reference,
        candidate_id: spec.candidateId,
        donor_id: donorId,
        campaign_id: spec.campaignId ?? null,
        amount_cents: spec.amountCents,
        election,
        status,
        first_name: first,
        last_name: last,
        email,
        street: spec.street ?? '12 Elm Street',
        city: 'Columbus',
        state: 'OH',
        zip: '43215',
        employer: spec.employer ?? null,
        occupation: spec.occupation ?? null,
        attested_at: paidAt,
        created_at: paidAt,
        paid_at: status === 'pending' || status === 'failed' || status === 'expired' ? null : paidAt,
        refunded_at: status === 'refunded' ? paidAt : null,
        refund_reason: status === 'refunded' ? 'Test refund' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: String(row.id), reference, donorId };
  });
}

/** Makes a demo account a candidate with a handle, for tests that need a second candidate. */
export async function makeCandidate(db: Db, userId: number, handle: string): Promise<void> {
  await db.updateTable('users').set({ is_candidate: true, handle }).where('id', '=', userId).execute();
}

export async function ledgerCents(
  db: Db,
  candidateId: number,
  donorId: number,
  election: Election = 'primary',
) {
  const row = await db
    .selectFrom('donation_ledger')
    .select('committed_cents')
    .where('candidate_id', '=', candidateId)
    .where('donor_id', '=', donorId)
    .where('election', '=', election)
    .executeTakeFirst();
  return row?.committed_cents ?? 0;
}
