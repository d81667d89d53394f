import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type { IgnoredWebhook, PaymentEvent, PaymentsPort } from './port';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * How long the Checkout Session stays payable. Our stock reservation lasts 30 minutes
 * (RESERVATION_MINUTES); Stripe refuses an `expires_at` under 30 minutes from the moment it creates
 * the session, so an exact 30 would fail whenever the request is slow or the clocks differ: one
 * minute of slack.
 */
export const CHECKOUT_SESSION_SECONDS = 31 * 60;

export const STRIPE_FAILURE_REASONS = {
  expired: 'Payment was not completed within 30 minutes.',
  asyncFailed: 'Your payment did not go through: the bank or payment method declined it.',
} as const;

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Public origin without a trailing slash: the buyer comes back to {appUrl}/ordersuccess. */
  appUrl: string;
  /** Where the Stripe API lives; only tests (a local fake server) or stripe-mock set this. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  now?: () => number;
}

/** The same key for a retried create of the same order's payment, so Stripe makes one session. */
export function checkoutIdempotencyKey(orderNumber: string, token: string): string {
  const digest = createHash('sha256').update(`${orderNumber}:${token}`).digest('hex').slice(0, 32);
  return `chq-checkout-${orderNumber}-${digest}`;
}

function ignored(event: Stripe.Event): IgnoredWebhook {
  return { ignored: true, id: event.id, type: event.type };
}

/** Turns a verified Stripe event into ours; anything we do not act on is acknowledged and ignored. */
export function mapStripeEvent(event: Stripe.Event): PaymentEvent | IgnoredWebhook {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const orderNumber = session.metadata?.orderNumber || session.client_reference_id;
      // A session somebody else created in the same Stripe account.
      if (!orderNumber) return ignored(event);
      const base = { id: event.id, orderNumber };
      if (event.type === 'checkout.session.completed') {
        // 'unpaid': a delayed method (bank debit); async_payment_succeeded/failed follows.
        return session.payment_status === 'paid' ? { ...base, type: 'payment.succeeded' } : ignored(event);
      }
      if (event.type === 'checkout.session.async_payment_succeeded') {
        return { ...base, type: 'payment.succeeded' };
      }
      const reason =
        event.type === 'checkout.session.expired'
          ? STRIPE_FAILURE_REASONS.expired
          : STRIPE_FAILURE_REASONS.asyncFailed;
      return { ...base, type: 'payment.failed', reason };
    }
    default:
      return ignored(event);
  }
}

/**
 * Stripe Checkout: one hosted Checkout Session per order; the outcome arrives at
 * POST /api/payments/webhook signed with the endpoint's secret (`Stripe-Signature`).
 */
export function stripeGateway(options: StripeGatewayOptions): PaymentsPort {
  const stripe = new Stripe(options.secretKey, {
    appInfo: { name: 'Campaign HQ' },
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...options.api,
  });
  const now = options.now ?? Date.now;
  const appUrl = options.appUrl.replace(/\/$/, '');

  return {
    provider: 'stripe',
    async startPayment({ orderNumber, token, totalCents, email }) {
      const order = encodeURIComponent(orderNumber);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: totalCents,
                product_data: { name: `Campaign HQ order ${orderNumber}` },
              },
            },
          ],
          customer_email: email,
          client_reference_id: orderNumber,
          metadata: { orderNumber },
          payment_intent_data: { metadata: { orderNumber } },
          success_url: `${appUrl}/ordersuccess?order=${order}`,
          cancel_url: `${appUrl}/orderfailed?order=${order}`,
          expires_at: Math.floor(now() / 1000) + CHECKOUT_SESSION_SECONDS,
        },
        { idempotencyKey: checkoutIdempotencyKey(orderNumber, token) },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
      return { url: session.url };
    },
    verifyWebhook(rawBody, headers) {
      const signature = headers.get(STRIPE_SIGNATURE_HEADER);
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        // Stripe.errors.StripeSignatureVerificationError, or a body that is not JSON.
        return null;
      }
      return mapStripeEvent(event);
    },
  };
}
