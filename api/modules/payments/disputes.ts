import type { Db } from '../../../db/client';
import type { DisputeNotice } from '../../ports/payments';

/**
 * Keeps a dispute the provider reported (docs/decisions/0094-refcodes-and-honest-monthly.md), once
 * per dispute however often the webhook is redelivered. It names the charge by the provider's id,
 * which the owner of what it paid kept (donations.provider_payment_id): each owner's read models
 * count their own (a candidate's dispute rate, api/modules/campaign-dashboard/recurring-truth.ts).
 */
export async function recordDispute(db: Db, notice: DisputeNotice): Promise<void> {
  await db
    .insertInto('payment_disputes')
    .values({
      dispute_id: notice.disputeId,
      provider_payment_id: notice.providerPaymentId,
      amount_cents: notice.amountCents,
      reason: notice.reason,
    })
    .onConflict((oc) => oc.column('dispute_id').doNothing())
    .execute();
}
