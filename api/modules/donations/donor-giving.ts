import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { receivedGift } from './paid-gifts';

/**
 * /giving: a member's own gifts, each with its receipt (docs/decisions/0094-refcodes-and-honest-monthly.md).
 * Theirs are the gifts made signed in and the gifts sent to the account's verified email (their
 * receipts went there). A gift matched only by email shows its receipt facts, never the address
 * typed on it: anyone can type another's email (decision 0077).
 */
export interface GivenGift {
  reference: string;
  candidateName: string;
  amountCents: number;
  election: string;
  paidAt: Date;
  refundedAt: Date | null;
  monthly: boolean;
}

function membersGiftsQuery(db: Db, userId: number) {
  return db
    .selectFrom('donations as d')
    .innerJoin('users as c', 'c.id', 'd.candidate_id')
    .select([
      'd.reference',
      'd.amount_cents',
      'd.election',
      'd.paid_at',
      'd.refunded_at',
      'd.recurring_id',
      'c.first_name',
      'c.last_name',
    ])
    .where(receivedGift('d'))
    .where((eb) =>
      eb.or([
        eb('d.user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('users as me')
            .select(sql`1`.as('one'))
            .where('me.id', '=', userId)
            .where('me.email_verified_at', 'is not', null)
            .whereRef(sql`lower(me.email)`, '=', 'd.email'),
        ),
      ]),
    );
}

type Row = Awaited<ReturnType<ReturnType<typeof membersGiftsQuery>['execute']>>[number];

const given = (r: Row): GivenGift => ({
  reference: r.reference,
  candidateName: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
  amountCents: r.amount_cents,
  election: r.election,
  paidAt: new Date(r.paid_at ?? 0),
  refundedAt: r.refunded_at ? new Date(r.refunded_at) : null,
  monthly: r.recurring_id !== null,
});

/** The member's gifts, newest first (the latest 200: a donor's page, not an export). */
export async function membersGifts(db: Db, userId: number): Promise<GivenGift[]> {
  const rows = await membersGiftsQuery(db, userId)
    .orderBy('d.paid_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(200)
    .execute();
  return rows.map(given);
}

/** One of the member's gifts, for its receipt page; null when it is not theirs. */
export async function membersGift(db: Db, userId: number, reference: string): Promise<GivenGift | null> {
  const row = await membersGiftsQuery(db, userId).where('d.reference', '=', reference).executeTakeFirst();
  return row ? given(row) : null;
}
