import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payableOf } from './port';
import {
  payableIdempotencyKey,
  STRIPE_FAILURE_REASONS,
  STRIPE_SIGNATURE_HEADER,
  stripeGateway,
} from './stripe';

const SECRET = 'whsec_test_secret_for_campaign_hq';
const APP_URL = 'https://hq.example.org';
// Only Stripe's webhook helpers are used from this client: no request leaves the process.
const helper = new Stripe('sk_test_helper');
const gateway = stripeGateway({ secretKey: 'sk_test_unused', webhookSecret: SECRET, appUrl: APP_URL });

const PERIOD = { start: Date.UTC(2026, 11, 1) / 1000, end: Date.UTC(2027, 0, 1) / 1000 };

/** An invoice event as Stripe's current API sends it: the subscription's metadata under parent. */
function invoiceEvent(id: string, type: string, metadata: Record<string, string> | null) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: 'in_test_1',
        object: 'invoice',
        period_start: PERIOD.start - 100,
        period_end: PERIOD.start,
        parent: metadata && {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata, subscription: 'sub_test_1' },
        },
        lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: PERIOD }] },
      },
    },
  });
}

function verify(body: string) {
  const header = helper.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
  return gateway.verifyWebhook(body, new Headers({ [STRIPE_SIGNATURE_HEADER]: header }));
}

const membership = { payableKind: 'subscription', payableReference: 'membership-42' };

describe('Stripe recurring events', () => {
  it('maps invoice.paid to a succeeded payment for the payable in the subscription metadata', () => {
    const event = verify(invoiceEvent('evt_inv_paid', 'invoice.paid', membership));
    expect(event).toEqual({
      id: 'evt_inv_paid',
      type: 'payment.succeeded',
      payable: { kind: 'subscription', reference: 'membership-42' },
      subscriptionId: 'sub_test_1',
      period: { start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' },
      // A refund of this charge finds its PaymentIntent through the invoice.
      providerPaymentId: 'in_test_1',
    });
  });

  it('maps invoice.payment_failed to a failed payment with its period and a reason', () => {
    const event = verify(invoiceEvent('evt_inv_failed', 'invoice.payment_failed', membership));
    expect(event).toMatchObject({
      id: 'evt_inv_failed',
      type: 'payment.failed',
      payable: { kind: 'subscription', reference: 'membership-42' },
      reason: STRIPE_FAILURE_REASONS.renewalFailed,
      period: { start: '2026-12-01T00:00:00.000Z' },
    });
  });

  it('carries a kind no module owns through unchanged: refusing it is the webhook module’s job', () => {
    const event = verify(
      invoiceEvent('evt_inv_raffle', 'invoice.paid', { payableKind: 'raffle', payableReference: 'r-1' }),
    );
    expect(
      event && !('ignored' in event) && !('dispute' in event) && !('cardUpdate' in event) && payableOf(event),
    ).toEqual({
      kind: 'raffle',
      reference: 'r-1',
    });
  });

  it('ignores invoices of no subscription of ours and the subscription-mode session itself', () => {
    expect(verify(invoiceEvent('evt_inv_other', 'invoice.paid', null))).toMatchObject({ ignored: true });
    expect(verify(invoiceEvent('evt_inv_nometa', 'invoice.paid', {}))).toMatchObject({ ignored: true });
    const session = JSON.stringify({
      id: 'evt_cs_sub',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_sub',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          client_reference_id: 'subscription:membership-42',
          metadata: membership,
        },
      },
    });
    // Its first invoice's invoice.paid carries the first charge: the session would count it twice.
    expect(verify(session)).toMatchObject({ ignored: true, type: 'checkout.session.completed' });
  });

  it('maps a payment-mode session for a payable that is not an order', () => {
    const session = JSON.stringify({
      id: 'evt_cs_donation',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_d',
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          client_reference_id: 'donation:d-7',
          metadata: { payableKind: 'donation', payableReference: 'd-7' },
        },
      },
    });
    expect(verify(session)).toEqual({
      id: 'evt_cs_donation',
      type: 'payment.succeeded',
      payable: { kind: 'donation', reference: 'd-7' },
    });
  });
});

describe('Stripe subscription checkout', () => {
  let server: Server;
  const bodies: URLSearchParams[] = [];
  const keys: (string | undefined)[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      req.on('end', () => {
        bodies.push(new URLSearchParams(raw));
        keys.push(req.headers['idempotency-key'] as string | undefined);
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(
          JSON.stringify({
            id: 'cs_sub_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_sub_1',
          }),
        );
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('creates a subscription-mode session whose price recurs and whose metadata names the payable', async () => {
    const local = stripeGateway({
      secretKey: 'sk_test_local',
      webhookSecret: SECRET,
      appUrl: APP_URL,
      api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
    });
    const payable = { kind: 'subscription', reference: 'membership-42' };
    const { url } = await local.startRecurring({
      payable,
      amountCents: 1500,
      interval: 'month',
      email: 'member@example.com',
      description: 'Campaign HQ membership',
      successPath: '/membership/thanks',
      cancelPath: '/membership',
    });
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_sub_1');
    expect(Object.fromEntries(bodies[0]!)).toEqual({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][name]': 'Campaign HQ membership',
      'line_items[0][price_data][recurring][interval]': 'month',
      customer_email: 'member@example.com',
      client_reference_id: 'subscription:membership-42',
      'metadata[payableKind]': 'subscription',
      'metadata[payableReference]': 'membership-42',
      'subscription_data[metadata][payableKind]': 'subscription',
      'subscription_data[metadata][payableReference]': 'membership-42',
      success_url: `${APP_URL}/membership/thanks`,
      cancel_url: `${APP_URL}/membership`,
    });
    expect(keys[0]).toBe(payableIdempotencyKey('subscription', payable, 1500));
  });
});
