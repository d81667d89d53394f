import { sql } from 'kysely';
import { jsonb } from '../../../db/json';
import type { PaymentEvent } from '../../ports/payments';
import { chargeTestCard, testPayableEvent } from '../../ports/payments/test-gateway';
import { findTestCheckout, type TestGatewayCheckout } from '../../ports/payments/test-gateway-checkouts';
import { deliverTestGatewayEvent } from './test-gateway-delivery';
import { keepTestCard, openTestSubscription } from './test-gateway-subscriptions';
import type { PaymentWebhookDeps } from './webhook';

/**
 * What a post of the pay page's form came to: this post charged (or was declined), the checkout
 * had already been completed by an earlier post (nothing charged), or it cannot be paid.
 */
export type CheckoutPayment =
  | { result: 'charged' | 'declined' | 'already-complete'; checkout: TestGatewayCheckout }
  | { result: 'expired'; checkout: TestGatewayCheckout }
  | { result: 'unknown' };

/**
 * Pays a stored checkout once, as a Stripe Checkout Session completes once. Completing it is a
 * conditional UPDATE from 'open', in the transaction that takes the charge (for a recurring plan,
 * keeps its subscription), so of any number of posts, sequential or racing, exactly one charges;
 * the others wait on the row and find it complete. The charge's event is kept on the checkout and
 * delivered after commit; a later post delivers the same event again, so a delivery lost to a
 * crash still arrives and a repeated one is a duplicate (its id is recorded once).
 */
export async function payTestCheckout(
  deps: PaymentWebhookDeps,
  id: string,
  card: string,
  now = new Date(),
): Promise<CheckoutPayment> {
  const found = await findTestCheckout(deps.db, id, now);
  if (!found) return { result: 'unknown' };
  const outcome = chargeTestCard(card);
  const completed = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('test_gateway_checkouts')
      .set({ status: outcome.ok ? 'paid' : 'declined', completed_at: sql<Date>`now()` })
      .where('id', '=', found.id)
      .where('status', '=', 'open')
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return null;
    const { plan } = found;
    // A card update charges nothing and reports nothing: the subscription's next tries use the card.
    if (plan.cardFor) {
      if (outcome.ok) await keepTestCard(trx, plan.cardFor, plan.payable, card);
      return 'card-kept' as const;
    }
    let event: PaymentEvent;
    if (!outcome.ok) event = testPayableEvent(plan.payable, outcome, { id: `evt_${found.id}` });
    else if (plan.interval)
      ({ event } = await openTestSubscription(trx, { ...plan, interval: plan.interval }, card, now));
    else event = testPayableEvent(plan.payable, outcome, { id: `evt_${found.id}` });
    await trx
      .updateTable('test_gateway_checkouts')
      .set({ event: jsonb(event) })
      .where('id', '=', found.id)
      .execute();
    return event;
  });
  if (completed === 'card-kept') {
    const checkout = { ...found, status: outcome.ok ? 'paid' : 'declined' } as const;
    return { result: outcome.ok ? 'charged' : 'declined', checkout };
  }
  if (completed) {
    await deliverTestGatewayEvent(deps, completed);
    const checkout = { ...found, status: outcome.ok ? 'paid' : 'declined', event: completed } as const;
    return { result: outcome.ok ? 'charged' : 'declined', checkout };
  }
  const current = await findTestCheckout(deps.db, id, now);
  if (!current) return { result: 'unknown' };
  if (current.status === 'open') return { result: 'expired', checkout: current };
  // Delivered again: a duplicate if the first post's delivery arrived, the charge if it was lost.
  if (current.event) await deliverTestGatewayEvent(deps, current.event);
  return { result: 'already-complete', checkout: current };
}
