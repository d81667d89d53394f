import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { Payable, PaymentEvent, PaymentsPort } from './port';
import { openTestCheckout } from './test-gateway-checkouts';
import { checkoutPath, type TestGatewayPlan } from './test-gateway-plans';

export const SIGNATURE_HEADER = 'x-campaignhq-signature';
const TOLERANCE_SECONDS = 300;

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Pays the first charge of a recurring payment; every renewal is declined (as Stripe's 0341). */
  renewalsDeclined: '4000000000000341',
} as const;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, like the real providers' schemes. */
export function signWebhook(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

export function verifySignature(
  secret: string,
  body: string,
  header: string | null,
  now = Date.now(),
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const at = Number(parts.t);
  if (!Number.isFinite(at) || Math.abs(now / 1000 - at) > TOLERANCE_SECONDS || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the hosted test page decides for a card number (spaces ignored). */
export function chargeTestCard(cardNumber: string): { ok: true } | { ok: false; reason: string } {
  const digits = cardNumber.replace(/\s+/g, '');
  if (digits === TEST_CARDS.succeeds || digits === TEST_CARDS.renewalsDeclined) return { ok: true };
  if (digits === TEST_CARDS.declined) return { ok: false, reason: 'Your card was declined.' };
  return { ok: false, reason: 'This test gateway only accepts the documented test cards.' };
}

export function testPaymentEvent(
  orderNumber: string,
  outcome: ReturnType<typeof chargeTestCard>,
  id = `evt_${randomUUID()}`,
): PaymentEvent {
  return outcome.ok
    ? { id, type: 'payment.succeeded', orderNumber, providerPaymentId: id }
    : { id, type: 'payment.failed', orderNumber, reason: outcome.reason };
}

/** The signed event for a payable that is not an order (a one-off charge or one charge of a subscription). */
export function testPayableEvent(
  payable: Payable,
  outcome: ReturnType<typeof chargeTestCard>,
  recurring: { id?: string; subscriptionId?: string; period?: { start: string; end: string } } = {},
): PaymentEvent {
  const { id = `evt_${randomUUID()}`, ...charge } = recurring;
  return outcome.ok
    ? { id, type: 'payment.succeeded', payable, providerPaymentId: id, ...charge }
    : { id, type: 'payment.failed', payable, reason: outcome.reason, ...charge };
}

/** An order's event names it by number; any other payable by `{ kind, reference }`. */
function namesItsPayable(event: Record<string, unknown>): boolean {
  if ('payable' in event) {
    const payable = event.payable as Partial<Payable> | null;
    return typeof payable?.kind === 'string' && typeof payable.reference === 'string';
  }
  return typeof event.orderNumber === 'string';
}

/**
 * The default: our own hosted pages, reporting through the signed webhook. An order pays at
 * /pay/{order}; any other payable at /pay/payable/{checkout}, a checkout stored in `db` (as a
 * provider keeps its Checkout Session), so only the port's callers that start payments need it.
 */
export function testGateway(secret: string, db?: Db): PaymentsPort {
  const checkout = async (plan: TestGatewayPlan) => {
    if (!db) throw new Error('The test gateway stores its checkouts: create the port with the database');
    return { url: checkoutPath(await openTestCheckout(db, plan)) };
  };
  return {
    provider: 'test',
    async startPayment(request) {
      if ('payable' in request) return checkout(request);
      const { orderNumber, token } = request;
      return { url: `/pay/${encodeURIComponent(orderNumber)}?token=${encodeURIComponent(token)}` };
    },
    // The first charge is taken on the pay page; renewals by chargeDueRenewals (api/modules/payments).
    async startRecurring(request) {
      return checkout(request);
    },
    // Its subscriptions are rows of test_gateway_subscriptions: stop-recurring.ts cancels them in the caller's transaction.
    async cancelRecurring() {},
    // Its subscriptions are rows: api/modules/payments/change-recurring.ts changes them in the caller's transaction.
    async changeRecurring() {
      return { nextChargeAt: null };
    },
    // A checkout that charges nothing: its page keeps the card for the subscription (test-gateway-checkout.ts).
    async startCardUpdate({ subscriptionId, interval, ...charge }) {
      return checkout({ ...charge, interval, cardFor: subscriptionId });
    },
    // The pay page already gave the subscription its new card, in the transaction that completed the checkout.
    async applyUpdatedCard() {},
    // It keeps no invoices: a charge's id is all there is.
    async invoiceOfPayment() {
      return null;
    },
    // Its charges are test cards: there is no money to move, so a refund is only acknowledged.
    async refund({ idempotencyKey }) {
      return { refundId: `test_refund_${idempotencyKey}` };
    },
    verifyWebhook(rawBody, headers) {
      if (!verifySignature(secret, rawBody, headers.get(SIGNATURE_HEADER))) return null;
      try {
        const event = JSON.parse(rawBody) as PaymentEvent;
        if (typeof event.id !== 'string') return null;
        if (event.type !== 'payment.succeeded' && event.type !== 'payment.failed') {
          return { ignored: true, id: event.id, type: String(event.type) };
        }
        if (!namesItsPayable(event as unknown as Record<string, unknown>)) return null;
        return event;
      } catch {
        return null;
      }
    },
  };
}
