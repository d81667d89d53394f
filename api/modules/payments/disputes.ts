import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { DisputeNotice } from '../../ports/payments';

/**
 * Keeps a dispute the provider reported (docs/decisions/0094-refcodes-and-honest-monthly.md), once
 * per dispute however often the webhook is redelivered. It names the charge by the provider's id,
 * which the owner of what it paid kept (donations.provider_payment_id), or by the invoice it paid
 * (`invoiceOf` asks the provider) when it was a subscription's charge (a monthly gift's renewal keeps the invoice):
 * each owner's read models count their own (`disputedCharge`; a candidate's dispute rate,
 * api/modules/campaign-dashboard/recurring-truth.ts).
 */
export async function recordDispute(
  db: Db,
  notice: DisputeNotice,
  invoiceOf: (providerPaymentId: string) => Promise<string | null> = async () => null,
): Promise<void> {
  const known = await db
    .selectFrom('payment_disputes')
    .select('dispute_id')
    .where('dispute_id', '=', notice.disputeId)
    .executeTakeFirst();
  // A redelivery: recorded already, so the provider is not asked for the invoice again.
  if (known) return;
  const invoiceId = await invoiceOf(notice.providerPaymentId);
  await db
    .insertInto('payment_disputes')
    .values({
      dispute_id: notice.disputeId,
      provider_payment_id: notice.providerPaymentId,
      amount_cents: notice.amountCents,
      reason: notice.reason,
      invoice_id: invoiceId,
    })
    .onConflict((oc) => oc.column('dispute_id').doNothing())
    .execute();
}

/**
 * The SQL condition "the charge `paymentIdColumn` names was disputed": by the id the dispute names
 * or by the invoice it paid. For the read models of any owner (a gift, its dashboard's rate).
 */
export function disputedCharge(paymentIdColumn: string) {
  const id = sql.ref(paymentIdColumn);
  return sql<boolean>`(${id} IS NOT NULL AND EXISTS (SELECT 1 FROM payment_disputes p
    WHERE p.provider_payment_id = ${id} OR p.invoice_id = ${id}))`;
}
