import type { Db } from '../../../db/client';
import { unkeptChargeRefundsOf } from '../payments/provider-refunds';

/**
 * The charges given back unasked for a gift (docs/decisions/0073-payments-pay-once.md): those of its
 * own reference (a one-off paid twice) and, for a monthly gift's charge, those of the monthly gift
 * (a second subscription, a renewal over the limit), oldest first.
 */
export async function chargesGivenBackFor(db: Db, giftReference: string) {
  const monthly = await db
    .selectFrom('donations as d')
    .innerJoin('recurring_donations as r', 'r.id', 'd.recurring_id')
    .select('r.reference')
    .where('d.reference', '=', giftReference)
    .executeTakeFirst();
  const own = await unkeptChargeRefundsOf(db, { kind: 'donation', reference: giftReference });
  if (!monthly) return own;
  return [...own, ...(await unkeptChargeRefundsOf(db, { kind: 'donation', reference: monthly.reference }))];
}
