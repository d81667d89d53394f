import { log } from '../../platform/logger';
import { createPaymentsPort, type PaymentsConfig, payableOf } from '../../ports/payments';
import { applyPaymentOnce } from './apply-once';
import { recordDispute } from './disputes';
import type { PayableOwners, PaymentDeps } from './owners';

/** What a webhook delivery needs: the owners' deps, the port's config and who owns which kind. */
export interface PaymentWebhookDeps extends PaymentDeps {
  config: PaymentsConfig;
  owners: PayableOwners;
}

/**
 * Verifies one webhook delivery with the payments port and hands its event to the module that
 * owns its payable kind: the only way a payment outcome reaches an order, a donation or a
 * subscription. The answer's status is what the door sends back.
 */
export async function receivePaymentWebhook(deps: PaymentWebhookDeps, rawBody: string, headers: Headers) {
  const port = createPaymentsPort(deps.config);
  const event = port.verifyWebhook(rawBody, headers);
  if (!event) return { status: 400 as const, outcome: 'invalid-signature' as const };
  if ('ignored' in event) {
    // Validly signed but not ours to act on: 200, or the provider would retry it for days.
    log.debug(`payment webhook ${event.id} ${event.type}: ignored`);
    return { status: 200 as const, outcome: 'ignored' as const };
  }
  if ('cardUpdate' in event) {
    // Idempotent at the provider (the same card made the default again); a failure answers 500 and
    // the provider delivers the event again.
    await port.applyUpdatedCard(event);
    log.info(`payment webhook ${event.id}: new card for subscription ${event.subscriptionId}`);
    return { status: 200 as const, outcome: 'card-updated' as const };
  }
  if ('dispute' in event) {
    // A subscription's charge is kept as its invoice: the dispute is linked through it.
    await recordDispute(deps.db, event, (id) => port.invoiceOfPayment(id));
    log.info(
      `payment webhook ${event.id}: dispute ${event.disputeId} of ${event.providerPaymentId} recorded`,
    );
    return { status: 200 as const, outcome: 'dispute-recorded' as const };
  }
  const payable = payableOf(event);
  const owner = deps.owners.ownerOf(payable.kind);
  if (!owner) {
    // Signed by the provider but for a kind no module of this build owns (a newer module's
    // payment reaching an older deploy): refused, so nothing is recorded as handled and the
    // provider retries it until a build that owns the kind answers.
    log.warn(`payment webhook ${event.id} ${event.type}: no module owns payable kind '${payable.kind}'`);
    return { status: 422 as const, outcome: 'unowned-payable' as const };
  }
  const outcome = await applyPaymentOnce(deps, event, owner);
  log.debug(`payment webhook ${event.id} ${event.type} ${payable.kind} ${payable.reference}: ${outcome}`);
  return { status: 200 as const, outcome, event };
}
