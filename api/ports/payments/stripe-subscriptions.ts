import type Stripe from 'stripe';
import type { CardUpdateNotice, CardUpdateRequest, RecurringChange } from './port';

/**
 * A donor's changes to a running Stripe subscription (docs/decisions/0094-refcodes-and-honest-monthly.md):
 * a new amount, pause and resume, a replaced card, and the invoice a disputed charge paid.
 */

/** The metadata a card-update Checkout Session carries: which subscription the new card is for. */
export const CARD_FOR_METADATA = 'cardForSubscription';

/** When Stripe charges next: the current period's end (on the item since the 2025 Basil API). */
function nextChargeOf(subscription: Stripe.Subscription): Date | null {
  if (subscription.pause_collection) return null;
  const end = subscription.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
}

/**
 * A new amount from the next invoice on: the subscription's one item gets a price of the new
 * amount for the same product and interval, with `proration_behavior: 'none'`, so nothing is
 * charged or credited now and the billing day stays. Pause is `pause_collection` with
 * `behavior: 'void'` (the invoices of a paused month are voided, never charged later); resume
 * clears it, and the next charge is the current period's end.
 */
export async function changeStripeSubscription(
  stripe: Stripe,
  subscriptionId: string,
  change: RecurringChange,
): Promise<{ nextChargeAt: Date | null }> {
  if ('paused' in change) {
    const updated = await stripe.subscriptions.update(subscriptionId, {
      pause_collection: change.paused ? { behavior: 'void' } : '',
    });
    return { nextChargeAt: nextChargeOf(updated) };
  }
  const current = await stripe.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to change`);
  const { price } = item;
  const updated = await stripe.subscriptions.update(subscriptionId, {
    items: [
      {
        id: item.id,
        price_data: {
          currency: price.currency,
          product: typeof price.product === 'string' ? price.product : price.product.id,
          unit_amount: change.amountCents,
          recurring: { interval: price.recurring?.interval ?? 'month' },
        },
      },
    ],
    proration_behavior: 'none',
  });
  return { nextChargeAt: nextChargeOf(updated) };
}

/**
 * A Checkout Session in setup mode for the subscription's customer: Stripe's page takes the new
 * card (no card data reaches us), and its completion arrives as checkout.session.completed with
 * the subscription in the SetupIntent's metadata (mapped to a CardUpdateNotice).
 */
export async function startStripeCardUpdate(
  stripe: Stripe,
  appUrl: string,
  request: CardUpdateRequest,
): Promise<{ url: string }> {
  const subscription = await stripe.subscriptions.retrieve(request.subscriptionId);
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const metadata = { [CARD_FOR_METADATA]: request.subscriptionId };
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    currency: 'usd',
    customer,
    metadata,
    setup_intent_data: { metadata, description: request.description },
    success_url: `${appUrl}${request.successPath}`,
    cancel_url: `${appUrl}${request.cancelPath}`,
  });
  if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
  return { url: session.url };
}

/** The SetupIntent's card becomes the subscription's default: its next invoice and every retry charge it. */
export async function applyStripeUpdatedCard(stripe: Stripe, notice: CardUpdateNotice): Promise<void> {
  const setup = await stripe.setupIntents.retrieve(notice.setupId);
  const method = setup.payment_method;
  if (!method) throw new Error(`Stripe SetupIntent ${notice.setupId} has no payment method`);
  await stripe.subscriptions.update(notice.subscriptionId, {
    default_payment_method: typeof method === 'string' ? method : method.id,
  });
}

/** The invoice a PaymentIntent paid (Stripe lists invoice payments by payment since the Basil API). */
export async function stripeInvoiceOfPayment(
  stripe: Stripe,
  providerPaymentId: string,
): Promise<string | null> {
  if (!providerPaymentId.startsWith('pi_')) return null;
  const payments = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: providerPaymentId },
    limit: 1,
  });
  const invoice = payments.data[0]?.invoice;
  if (!invoice) return null;
  return typeof invoice === 'string' ? invoice : (invoice.id ?? null);
}

/** A completed setup-mode session that replaced the card of one of our subscriptions, else null. */
export function cardUpdateOf(eventId: string, session: Stripe.Checkout.Session): CardUpdateNotice | null {
  const subscriptionId = session.metadata?.[CARD_FOR_METADATA];
  const setup = session.setup_intent;
  if (session.mode !== 'setup' || !subscriptionId || !setup) return null;
  return {
    cardUpdate: true,
    id: eventId,
    subscriptionId,
    setupId: typeof setup === 'string' ? setup : setup.id,
  };
}
