import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { PaymentsConfig } from '../../ports/payments';
import { stopAllRecurring } from '../payments/stop-recurring';
import { linkTokenValid } from './references';

export interface RecurringForDonor {
  reference: string;
  candidateName: string;
  amountCents: number;
  status: string;
}

/**
 * The monthly gift a receipt's cancel link names, or null when the gift does not exist or the
 * token is not the one the app secret signed for it (so a guessed reference opens nothing).
 */
export async function recurringByToken(
  db: Db,
  secret: string,
  reference: string,
  token: unknown,
): Promise<RecurringForDonor | null> {
  if (!linkTokenValid(secret, 'donation-cancel', reference, token)) return null;
  const row = await db
    .selectFrom('recurring_donations as r')
    .innerJoin('users as u', 'u.id', 'r.candidate_id')
    .select(['r.reference', 'r.amount_cents', 'r.status', 'u.first_name', 'u.last_name'])
    .where('r.reference', '=', reference)
    .executeTakeFirst();
  if (!row) return null;
  return {
    reference: row.reference,
    candidateName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    amountCents: row.amount_cents,
    status: row.status,
  };
}

/**
 * Cancels a monthly gift from its signed link: no further charges (the provider's subscription
 * stops too). Idempotent: an ended gift stays as it is. Null when the link is not valid.
 */
export async function cancelRecurringGift(
  deps: { db: Db; config: PaymentsConfig },
  reference: string,
  token: unknown,
): Promise<RecurringForDonor | null> {
  const found = await recurringByToken(deps.db, deps.config.appSecret, reference, token);
  if (!found) return null;
  const stop = await deps.db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('recurring_donations')
      .set({ status: 'cancelled', ended_at: sql<Date>`now()` })
      .where('reference', '=', reference)
      .where('status', 'in', ['pending', 'active', 'failed'])
      .returning('provider_subscription_id')
      .executeTakeFirst();
    // Every subscription the provider holds for this gift, not only the one recorded on it.
    return cancelled
      ? stopAllRecurring(
          trx,
          deps.config,
          { kind: 'donation', reference },
          cancelled.provider_subscription_id,
        )
      : null;
  });
  await stop?.();
  return { ...found, status: stop ? 'cancelled' : found.status };
}
