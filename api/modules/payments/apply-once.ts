import { type PaymentEvent, payableOf } from '../../ports/payments';
import type { PayableOwner, PaymentDeps } from './owners';
import { rememberSubscription } from './stop-recurring';

/**
 * Applies a verified payment event exactly once, whatever its kind: its id goes into
 * payment_events first, in the transaction the owner's change runs in, so a replay finds it
 * there and changes nothing (docs/decisions/0007-shop-checkout.md; for every kind since docs/decisions/0020-payables.md).
 */
export async function applyPaymentOnce(
  deps: PaymentDeps,
  event: PaymentEvent,
  owner: PayableOwner,
): Promise<string> {
  const payable = payableOf(event);
  const result = await deps.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('payment_events')
      .values({
        event_id: event.id,
        kind: event.type,
        payable_kind: payable.kind,
        payable_reference: payable.reference,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!fresh) return null;
    await rememberSubscription(trx, payable, event);
    return owner.apply(trx, event, deps);
  });
  if (!result) return 'duplicate';
  await result.afterCommit?.();
  return result.outcome;
}
