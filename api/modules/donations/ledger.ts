import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { type Election, INDIVIDUAL_LIMIT_PER_ELECTION_CENTS } from '../../contract/fec-limits';

type Executor = Kysely<Database> | Transaction<Database>;

/** One donor's account with one candidate for one election (migrations/0015_donations.ts). */
export interface LedgerKey {
  candidateId: number;
  donorId: number;
  election: Election;
}

export type Reservation = { ok: true; committedCents: number } | { ok: false; remainingCents: number };

/**
 * Reserves `amountCents` of the donor's headroom, or says how much is left. One statement: the
 * upsert locks the ledger row, and its WHERE is re-checked against the latest committed value, so
 * of two gifts racing for the last dollars only one passes (the table's CHECK is the backstop).
 * Refused without raising, so the caller's transaction stays usable to answer the donor.
 */
export async function reserveHeadroom(
  trx: Executor,
  key: LedgerKey,
  amountCents: number,
): Promise<Reservation> {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw new Error('amountCents must be a positive integer');
  if (amountCents <= INDIVIDUAL_LIMIT_PER_ELECTION_CENTS) {
    const reserved = await trx
      .insertInto('donation_ledger')
      .values({
        candidate_id: key.candidateId,
        donor_id: key.donorId,
        election: key.election,
        committed_cents: amountCents,
      })
      .onConflict((oc) =>
        oc
          .columns(['candidate_id', 'donor_id', 'election'])
          .doUpdateSet({ committed_cents: sql`donation_ledger.committed_cents + excluded.committed_cents` })
          .where(
            sql<boolean>`donation_ledger.committed_cents + excluded.committed_cents <= ${INDIVIDUAL_LIMIT_PER_ELECTION_CENTS}`,
          ),
      )
      .returning('committed_cents')
      .executeTakeFirst();
    if (reserved) return { ok: true, committedCents: reserved.committed_cents };
  }
  return {
    ok: false,
    remainingCents: INDIVIDUAL_LIMIT_PER_ELECTION_CENTS - (await committedCents(trx, key)),
  };
}

/** Gives a reservation back: a failed, expired or refunded gift no longer counts. */
export async function releaseHeadroom(trx: Executor, key: LedgerKey, amountCents: number): Promise<void> {
  await trx
    .updateTable('donation_ledger')
    .set({ committed_cents: sql`committed_cents - ${amountCents}` })
    .where('candidate_id', '=', key.candidateId)
    .where('donor_id', '=', key.donorId)
    .where('election', '=', key.election)
    .execute();
}

/** Pending and paid gifts of the donor to the candidate for the election. */
export async function committedCents(trx: Executor, key: LedgerKey): Promise<number> {
  const row = await trx
    .selectFrom('donation_ledger')
    .select('committed_cents')
    .where('candidate_id', '=', key.candidateId)
    .where('donor_id', '=', key.donorId)
    .where('election', '=', key.election)
    .executeTakeFirst();
  return row?.committed_cents ?? 0;
}

/** Both elections together: the cycle total that decides itemization (employer and occupation). */
export async function cycleCommittedCents(trx: Executor, key: Omit<LedgerKey, 'election'>): Promise<number> {
  const row = await trx
    .selectFrom('donation_ledger')
    .select(sql<number>`coalesce(sum(committed_cents), 0)::int`.as('total'))
    .where('candidate_id', '=', key.candidateId)
    .where('donor_id', '=', key.donorId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
