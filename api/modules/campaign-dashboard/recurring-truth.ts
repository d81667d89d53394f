import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { receivedGift } from '../donations/paid-gifts';
import { disputedCharge } from '../payments/disputes';

/**
 * Recurring that tells the truth (docs/decisions/0094-refcodes-and-honest-monthly.md), on the
 * candidate's dashboard: of the charges of their monthly gifts that were received, how many were
 * refunded; and of all their received gifts, how many the payer disputed at the provider.
 */
export interface RecurringTruth {
  monthlyCharges: number;
  monthlyRefunded: number;
  gifts: number;
  disputed: number;
}

export async function recurringTruth(db: Db, candidateId: number): Promise<RecurringTruth> {
  const row = await db
    .selectFrom('donations as d')
    .select([
      sql<string>`count(*) FILTER (WHERE d.recurring_id IS NOT NULL)`.as('monthly'),
      sql<string>`count(*) FILTER (WHERE d.recurring_id IS NOT NULL AND d.status = 'refunded')`.as(
        'refunded',
      ),
      sql<string>`count(*)`.as('gifts'),
      // A renewal is disputed by its PaymentIntent, linked through the invoice it keeps.
      sql<string>`count(*) FILTER (WHERE ${disputedCharge('d.provider_payment_id')})`.as('disputed'),
    ])
    .where('d.candidate_id', '=', candidateId)
    .where(receivedGift('d'))
    .executeTakeFirstOrThrow();
  return {
    monthlyCharges: Number(row.monthly),
    monthlyRefunded: Number(row.refunded),
    gifts: Number(row.gifts),
    disputed: Number(row.disputed),
  };
}

/** "2.5%" of a count, or "none yet" when nothing was counted. */
export function rateText(part: number, whole: number): string {
  if (whole === 0) return 'none yet';
  return `${(Math.round((part / whole) * 1000) / 10).toLocaleString('en-US')}%`;
}
