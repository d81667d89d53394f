import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { type Election, INDIVIDUAL_LIMIT_PER_ELECTION_CENTS } from '../../contract/fec-limits';
import { lockPersonOf, personOf } from './donor-people';

type Executor = Kysely<Database> | Transaction<Database>;

/** One donor's account with one candidate for one election (migrations/0015_donations.ts). */
export interface LedgerKey {
  candidateId: number;
  donorId: number;
  election: Election;
}

export type Reservation = { ok: true; committedCents: number } | { ok: false; remainingCents: number };

/**
 * Reserves `amountCents` of the donor's headroom, or says how much is left. The headroom is the
 * person's: every donor row found to be the same person counts
 * (docs/decisions/0069-donations-one-identity-rule.md). The person is locked first, so gifts of one
 * person through different donor rows take turns; then one upsert adds the amount to this row only
 * if the person's total, read after the lock, stays within the limit (the table's CHECK is the
 * per-row backstop). Refused without raising, so the caller's transaction stays usable to answer
 * the donor. Outside a transaction it opens one: the lock must last until the upsert commits.
 */
export async function reserveHeadroom(
  db: Executor,
  key: LedgerKey,
  amountCents: number,
): Promise<Reservation> {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    throw new Error('amountCents must be a positive integer');
  if (!db.isTransaction) return db.transaction().execute((trx) => reserveHeadroom(trx, key, amountCents));
  const trx = db as Transaction<Database>;
  const person = await lockPersonOf(trx, key.donorId);
  const { rows } = await sql<{ cents: number; placed: boolean }>`
    WITH person AS (SELECT ${personCents(person, key)} AS cents),
    placed AS (
      INSERT INTO donation_ledger (candidate_id, donor_id, election, committed_cents)
      SELECT ${key.candidateId}::int, ${key.donorId}::int, ${key.election}::text, ${amountCents}::int
      FROM person WHERE person.cents + ${amountCents}::int <= ${INDIVIDUAL_LIMIT_PER_ELECTION_CENTS}::int
      ON CONFLICT (candidate_id, donor_id, election)
        DO UPDATE SET committed_cents = donation_ledger.committed_cents + excluded.committed_cents
      RETURNING 1)
    SELECT person.cents, EXISTS (SELECT 1 FROM placed) AS placed FROM person`.execute(trx);
  const row = rows[0]!;
  const before = Number(row.cents);
  if (row.placed) return { ok: true, committedCents: before + amountCents };
  return { ok: false, remainingCents: Math.max(0, INDIVIDUAL_LIMIT_PER_ELECTION_CENTS - before) };
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

/**
 * The person's pending and paid gifts to the candidate for the election, over all their donor
 * rows, as an int expression (a scalar subquery).
 */
function personCents(
  person: number,
  key: Omit<LedgerKey, 'donorId'> | Omit<LedgerKey, 'donorId' | 'election'>,
) {
  const election = 'election' in key ? sql`AND l.election = ${key.election}` : sql``;
  return sql<number>`(SELECT coalesce(sum(l.committed_cents), 0)::int FROM donation_ledger l
    WHERE l.candidate_id = ${key.candidateId}::int ${election}
      AND l.donor_id IN (SELECT d.id FROM donors d WHERE d.id = ${person}::int OR d.person_id = ${person}::int))`;
}

/** Pending and paid gifts of the donor, as one person with every row found to be them, to the candidate for the election. */
export async function committedCents(db: Executor, key: LedgerKey): Promise<number> {
  const person = await personOf(db, key.donorId);
  const { rows } = await sql<{ cents: number }>`SELECT ${personCents(person, key)} AS cents`.execute(db);
  return Number(rows[0]?.cents ?? 0);
}

/** Both elections together: the cycle total that decides itemization (employer and occupation). */
export async function cycleCommittedCents(db: Executor, key: Omit<LedgerKey, 'election'>): Promise<number> {
  const person = await personOf(db, key.donorId);
  const { candidateId } = key;
  const { rows } = await sql<{
    cents: number;
  }>`SELECT ${personCents(person, { candidateId })} AS cents`.execute(db);
  return Number(rows[0]?.cents ?? 0);
}
