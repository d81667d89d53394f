import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_SESSION_SECONDS,
  checkoutIdempotencyKey,
  STRIPE_FAILURE_REASONS,
  STRIPE_SIGNATURE_HEADER,
  stripeGateway,
} from './stripe';

const SECRET = 'whsec_test_secret_for_campaign_hq';
const APP_URL = 'https://hq.example.org';
// Only Stripe's webhook helpers are used from this client: no request leaves the process.
const helper = new Stripe('sk_test_helper');

function sessionEvent(type: string, session: Record<string, unknown> = {}, id = `evt_${type}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: 'CHQ-REFERENCE',
        metadata: { orderNumber: 'CHQ-METADATA' },
        ...session,
      },
    },
  });
}

function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  const header = helper.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp,
  });
  return new Headers({ [STRIPE_SIGNATURE_HEADER]: header });
}

const gateway = stripeGateway({ secretKey: 'sk_test_unused', webhookSecret: SECRET, appUrl: APP_URL });

describe('Stripe webhook verification', () => {
  it('accepts an event signed with the endpoint secret and maps it', () => {
    const body = sessionEvent('checkout.session.completed', {}, 'evt_1Abc');
    expect(gateway.verifyWebhook(body, signed(body))).toEqual({
      id: 'evt_1Abc',
      type: 'payment.succeeded',
      orderNumber: 'CHQ-METADATA',
    });
  });

  it('keeps the PaymentIntent of a paid session, for a refund later', () => {
    const body = sessionEvent('checkout.session.completed', { payment_intent: 'pi_3Paid' }, 'evt_pi');
    expect(gateway.verifyWebhook(body, signed(body))).toMatchObject({
      type: 'payment.succeeded',
      orderNumber: 'CHQ-METADATA',
      providerPaymentId: 'pi_3Paid',
    });
  });

  it('rejects a tampered body, a wrong secret, a stale timestamp and a missing header', () => {
    const body = sessionEvent('checkout.session.completed');
    const headers = signed(body);
    expect(gateway.verifyWebhook(body.replace('CHQ-METADATA', 'CHQ-FORGED00'), headers)).toBeNull();
    expect(gateway.verifyWebhook(body, signed(body, { secret: 'whsec_someone_else' }))).toBeNull();
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(gateway.verifyWebhook(body, signed(body, { timestamp: tenMinutesAgo }))).toBeNull();
    expect(gateway.verifyWebhook(body, new Headers())).toBeNull();
    expect(gateway.verifyWebhook(body, new Headers({ [STRIPE_SIGNATURE_HEADER]: 'garbage' }))).toBeNull();
  });

  it('maps each checkout event type', () => {
    const verify = (type: string, session: Record<string, unknown> = {}) => {
      const body = sessionEvent(type, session);
      return gateway.verifyWebhook(body, signed(body));
    };
    expect(verify('checkout.session.async_payment_succeeded', { payment_status: 'paid' })).toEqual({
      id: 'evt_checkout.session.async_payment_succeeded',
      type: 'payment.succeeded',
      orderNumber: 'CHQ-METADATA',
    });
    expect(verify('checkout.session.async_payment_failed', { payment_status: 'unpaid' })).toEqual({
      id: 'evt_checkout.session.async_payment_failed',
      type: 'payment.failed',
      orderNumber: 'CHQ-METADATA',
      reason: STRIPE_FAILURE_REASONS.asyncFailed,
    });
    expect(verify('checkout.session.expired', { payment_status: 'unpaid' })).toEqual({
      id: 'evt_checkout.session.expired',
      type: 'payment.failed',
      orderNumber: 'CHQ-METADATA',
      reason: STRIPE_FAILURE_REASONS.expired,
    });
    // Without metadata the client reference still names the order.
    expect(verify('checkout.session.completed', { metadata: {} })).toMatchObject({
      type: 'payment.succeeded',
      orderNumber: 'CHQ-REFERENCE',
    });
  });

  it('acknowledges but ignores what it does not act on', () => {
    const verify = (type: string, session: Record<string, unknown> = {}) => {
      const body = sessionEvent(type, session);
      return gateway.verifyWebhook(body, signed(body));
    };
    // A delayed payment method: completed but not paid yet; async_payment_* follows.
    expect(verify('checkout.session.completed', { payment_status: 'unpaid' })).toEqual({
      ignored: true,
      id: 'evt_checkout.session.completed',
      type: 'checkout.session.completed',
    });
    expect(verify('charge.refunded')).toMatchObject({ ignored: true, type: 'charge.refunded' });
    // A session created by something else in the same Stripe account.
    expect(verify('checkout.session.completed', { metadata: {}, client_reference_id: null })).toMatchObject({
      ignored: true,
    });
  });
});

interface Recorded {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: URLSearchParams;
}

describe('Stripe Checkout Session', () => {
  let server: Server;
  let port: number;
  const requests: Recorded[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      req.on('end', () => {
        requests.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: new URLSearchParams(raw),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(
          JSON.stringify({
            id: 'cs_test_a1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
          }),
        );
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('creates a 30-minute USD session for the order total and returns its url', async () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const local = stripeGateway({
      secretKey: 'sk_test_local',
      webhookSecret: SECRET,
      appUrl: `${APP_URL}/`,
      api: { host: '127.0.0.1', port, protocol: 'http' },
      now: () => now,
    });
    expect(local.provider).toBe('stripe');
    const { url } = await local.startPayment({
      orderNumber: 'CHQ-ABCD2345',
      token: 'secret-payment-token',
      totalCents: 5599,
      email: 'buyer@example.com',
    });
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_test_a1');

    expect(requests).toHaveLength(1);
    const [request] = requests as [Recorded];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_local');
    expect(request.headers['idempotency-key']).toBe(
      checkoutIdempotencyKey('CHQ-ABCD2345', 'secret-payment-token'),
    );
    expect(request.headers['idempotency-key']).not.toContain('secret-payment-token');
    expect(Object.fromEntries(request.body)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '5599',
      'line_items[0][price_data][product_data][name]': 'Campaign HQ order CHQ-ABCD2345',
      customer_email: 'buyer@example.com',
      client_reference_id: 'CHQ-ABCD2345',
      'metadata[orderNumber]': 'CHQ-ABCD2345',
      'payment_intent_data[metadata][orderNumber]': 'CHQ-ABCD2345',
      success_url: `${APP_URL}/ordersuccess?order=CHQ-ABCD2345`,
      cancel_url: `${APP_URL}/orderfailed?order=CHQ-ABCD2345`,
      expires_at: String(now / 1000 + CHECKOUT_SESSION_SECONDS),
    });
    // At least Stripe's 30-minute minimum, at most a minute past our 30-minute reservation.
    expect(CHECKOUT_SESSION_SECONDS).toBeGreaterThanOrEqual(30 * 60);
    expect(CHECKOUT_SESSION_SECONDS).toBeLessThanOrEqual(31 * 60);
  });

  it('derives one idempotency key per order and payment token', () => {
    const key = checkoutIdempotencyKey('CHQ-ABCD2345', 'token-1');
    expect(checkoutIdempotencyKey('CHQ-ABCD2345', 'token-1')).toBe(key);
    expect(checkoutIdempotencyKey('CHQ-ABCD2345', 'token-2')).not.toBe(key);
    expect(checkoutIdempotencyKey('CHQ-OTHER000', 'token-1')).not.toBe(key);
    expect(key.length).toBeLessThanOrEqual(255);
  });
});
