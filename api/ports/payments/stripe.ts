import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import type {
  CardUpdateNotice,
  DisputeNotice,
  IgnoredWebhook,
  Payable,
  PayableCharge,
  PaymentEvent,
  PaymentsPort,
} from './port';
import { stripeRefund } from './stripe-refund';
import {
  applyStripeUpdatedCard,
  cardUpdateOf,
  changeStripeSubscription,
  startStripeCardUpdate,
  stripeInvoiceOfPayment,
} from './stripe-subscriptions';

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
  renewalFailed: 'The recurring payment was declined; Stripe retries it on its own schedule.',
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

/** Idempotency for a payable's Checkout Session: one per payable, mode and amount. */
export function payableIdempotencyKey(mode: string, payable: Payable, amountCents: number): string {
  const digest = createHash('sha256')
    .update(`${mode}:${payable.kind}:${payable.reference}:${amountCents}`)
    .digest('hex')
    .slice(0, 32);
  return `chq-${mode}-${payable.kind}-${digest}`;
}

/** How a payable rides in Stripe metadata (Checkout Session, PaymentIntent, Subscription). */
export function payableMetadata(payable: Payable): Record<string, string> {
  return { payableKind: payable.kind, payableReference: payable.reference };
}

function ignored(event: Stripe.Event): IgnoredWebhook {
  return { ignored: true, id: event.id, type: event.type };
}

/**
 * The payable a session or invoice names: our payable metadata; else an order's number
 * (`metadata.orderNumber`, then `client_reference_id`, as sessions created before payables were).
 */
function payableFields(
  metadata: Stripe.Metadata | null | undefined,
  clientReference?: string | null,
): { orderNumber: string } | { payable: Payable } | null {
  const kind = metadata?.payableKind;
  const reference = metadata?.payableReference;
  if (kind && reference) {
    return kind === 'order' ? { orderNumber: reference } : { payable: { kind, reference } };
  }
  const orderNumber = metadata?.orderNumber || clientReference;
  return orderNumber ? { orderNumber } : null;
}

function unixToIso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/** A subscription's invoice: paid or failed renewal (the first invoice too), named by the subscription's metadata. */
function mapInvoiceEvent(event: Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent) {
  const invoice = event.data.object;
  const details = invoice.parent?.subscription_details;
  const named = payableFields(details?.metadata);
  // An invoice of something else in the account (a one-off invoice, another app's subscription).
  if (!details || !named) return ignored(event);
  const subscription = details.subscription;
  const line = invoice.lines?.data?.[0];
  const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
  const base = {
    id: event.id,
    ...named,
    // A subscription's charge is refunded through its invoice (stripe-refund.ts).
    ...(invoice.id && { providerPaymentId: invoice.id }),
    subscriptionId: typeof subscription === 'string' ? subscription : subscription.id,
    period: { start: unixToIso(period.start), end: unixToIso(period.end) },
  };
  return event.type === 'invoice.paid'
    ? { ...base, type: 'payment.succeeded' as const }
    : { ...base, type: 'payment.failed' as const, reason: STRIPE_FAILURE_REASONS.renewalFailed };
}

/** Turns a verified Stripe event into ours; anything we do not act on is acknowledged and ignored. */
export function mapStripeEvent(
  event: Stripe.Event,
): PaymentEvent | IgnoredWebhook | DisputeNotice | CardUpdateNotice {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      // A donor replaced the card of a monthly gift (startCardUpdate's setup-mode session).
      if (session.mode === 'setup') {
        const update = event.type === 'checkout.session.completed' && cardUpdateOf(event.id, session);
        return update || ignored(event);
      }
      // A subscription's charges (the first one included) arrive as invoice.paid / payment_failed.
      if (session.mode === 'subscription') return ignored(event);
      const named = payableFields(session.metadata, session.client_reference_id);
      // A session somebody else created in the same Stripe account.
      if (!named) return ignored(event);
      const intent = session.payment_intent;
      const base = {
        id: event.id,
        ...named,
        ...(intent && { providerPaymentId: typeof intent === 'string' ? intent : intent.id }),
      };
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
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return mapInvoiceEvent(event);
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const idOf = (ref: string | { id: string } | null) =>
        ref === null ? null : typeof ref === 'string' ? ref : ref.id;
      return {
        dispute: true,
        id: event.id,
        disputeId: dispute.id,
        providerPaymentId: idOf(dispute.payment_intent) ?? idOf(dispute.charge) ?? dispute.id,
        amountCents: dispute.amount,
        reason: dispute.reason ?? null,
      };
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

  /** One USD line for a payable, optionally recurring, with its metadata and return URLs. */
  function payableSession(charge: PayableCharge, recurring?: { interval: 'month' | 'year' }) {
    const metadata = payableMetadata(charge.payable);
    return {
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: charge.amountCents,
            product_data: { name: charge.description },
            ...(recurring && { recurring }),
          },
        },
      ],
      customer_email: charge.email,
      client_reference_id: `${charge.payable.kind}:${charge.payable.reference}`,
      metadata,
      success_url: `${appUrl}${charge.successPath}`,
      cancel_url: `${appUrl}${charge.cancelPath}`,
    };
  }

  async function created(session: Stripe.Checkout.Session) {
    if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
    return { url: session.url };
  }

  return {
    provider: 'stripe',
    async startRecurring(request) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          ...payableSession(request, { interval: request.interval }),
          // Every renewal's invoice carries the subscription's metadata: that is how it finds its payable.
          subscription_data: { metadata: payableMetadata(request.payable) },
        },
        { idempotencyKey: payableIdempotencyKey('subscription', request.payable, request.amountCents) },
      );
      return created(session);
    },
    async cancelRecurring(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Already cancelled (or never existed): the outcome the caller wants.
        if ((error as { code?: string }).code === 'resource_missing') return;
        throw error;
      }
    },
    refund: (request) => stripeRefund(stripe, request),
    changeRecurring: (subscriptionId, change) => changeStripeSubscription(stripe, subscriptionId, change),
    startCardUpdate: (request) => startStripeCardUpdate(stripe, appUrl, request),
    applyUpdatedCard: (notice) => applyStripeUpdatedCard(stripe, notice),
    invoiceOfPayment: (providerPaymentId) => stripeInvoiceOfPayment(stripe, providerPaymentId),
    async startPayment(request) {
      if ('payable' in request) {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            ...payableSession(request),
            payment_intent_data: { metadata: payableMetadata(request.payable) },
            expires_at: Math.floor(now() / 1000) + CHECKOUT_SESSION_SECONDS,
          },
          { idempotencyKey: payableIdempotencyKey('payment', request.payable, request.amountCents) },
        );
        return created(session);
      }
      const { orderNumber, token, totalCents, email } = request;
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
