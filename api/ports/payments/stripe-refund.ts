import type Stripe from 'stripe';
import type { RefundRequest } from './port';

/**
 * The PaymentIntent (or charge) a refund must name. A one-off payment's id is its PaymentIntent;
 * a subscription's charge is known by its invoice, whose payments Stripe lists since the 2025
 * (Basil) API removed `invoice.payment_intent`.
 */
async function refundTarget(
  stripe: Stripe,
  providerPaymentId: string,
): Promise<{ payment_intent: string } | { charge: string }> {
  if (providerPaymentId.startsWith('ch_')) return { charge: providerPaymentId };
  if (!providerPaymentId.startsWith('in_')) return { payment_intent: providerPaymentId };
  const payments = await stripe.invoicePayments.list({
    invoice: providerPaymentId,
    status: 'paid',
    limit: 1,
  });
  const payment = payments.data[0]?.payment;
  const intent = payment?.payment_intent;
  if (intent) return { payment_intent: typeof intent === 'string' ? intent : intent.id };
  const charge = payment?.charge;
  if (charge) return { charge: typeof charge === 'string' ? charge : charge.id };
  throw new Error(`Stripe lists no paid payment for invoice ${providerPaymentId}`);
}

/**
 * Refunds through Stripe's Refunds API. The idempotency key makes a retry after a timeout return
 * the refund already made instead of a second one (Stripe keeps keys for at least 24 hours; the
 * payment-refunds job retries well within that).
 */
export async function stripeRefund(stripe: Stripe, request: RefundRequest): Promise<{ refundId: string }> {
  const target = await refundTarget(stripe, request.providerPaymentId);
  const refund = await stripe.refunds.create(
    { ...target, amount: request.amountCents },
    { idempotencyKey: request.idempotencyKey },
  );
  return { refundId: refund.id };
}
