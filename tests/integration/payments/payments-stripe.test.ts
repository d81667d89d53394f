import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckout } from '../../../api/modules/shop/checkout';
import { checkoutBrowser, checkoutCookieName } from '../../../api/modules/shop/checkout-browser';
import { createPaymentsPort } from '../../../api/ports/payments';
import {
  STRIPE_FAILURE_REASONS,
  STRIPE_SIGNATURE_HEADER,
  stripeGateway,
} from '../../../api/ports/payments/stripe';
import { SIGNATURE_HEADER, signWebhook } from '../../../api/ports/payments/test-gateway';
import { ADDRESS, aBuyer, seedShopFixture, stockOf } from '../../factories/shop';
import { createTestApp, type TestApp } from '../../factories/test-app';

const WEBHOOK_SECRET = 'whsec_campaign_hq_integration';
const helper = new Stripe('sk_test_helper');

let t: TestApp;
let fakeStripe: Server;
let sessions = 0;

beforeAll(async () => {
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  // Stands in for api.stripe.com: every create answers a new Checkout Session.
  fakeStripe = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      sessions++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `cs_test_${sessions}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/cs_test_${sessions}`,
        }),
      );
    });
  });
  await new Promise<void>((done) => fakeStripe.listen(0, '127.0.0.1', done));
}, 120_000);
afterAll(async () => {
  await new Promise<void>((done) => fakeStripe.close(() => done()));
  await t?.close();
});

/** The app's own adapter settings, with the API pointed at the fake server. */
function payments() {
  return stripeGateway({
    secretKey: t.config.STRIPE_SECRET_KEY!,
    webhookSecret: t.config.STRIPE_WEBHOOK_SECRET!,
    appUrl: t.config.appUrl,
    api: { host: '127.0.0.1', port: (fakeStripe.address() as AddressInfo).port, protocol: 'http' },
  });
}

async function placeOrder(stocks = [10], quantity = 2) {
  const { variantIds } = await seedShopFixture(t.db, stocks);
  const variantId = variantIds[0]!;
  // The buyer's browser: only it (or the signed-in owner) sees the order on /ordersuccess and /orderfailed.
  const browser = checkoutBrowser(undefined);
  const started = await startCheckout(
    t.db,
    payments(),
    { items: [{ variantId, quantity }], ...ADDRESS },
    aBuyer({ browserHash: browser.hash }),
  );
  const page = (path: string) =>
    t.app.request(path, {
      headers: { cookie: `${checkoutCookieName(t.config.secureCookies)}=${browser.token}` },
    });
  return { ...started, variantId, page };
}

function stripeEvent(id: string, type: string, orderNumber: string, session: Record<string, unknown> = {}) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_x',
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: orderNumber,
        metadata: { orderNumber },
        ...session,
      },
    },
  });
}

function webhook(
  body: string,
  signature = helper.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
) {
  return t.app.request('/api/payments/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: signature },
  });
}

async function order(number: string) {
  return t.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
}

async function emailsAbout(number: string) {
  return t.db.selectFrom('email_outbox').select('id').where('subject', 'like', `%${number}%`).execute();
}

describe('Stripe through the webhook route', () => {
  it('is the configured provider and sends the buyer to an absolute Checkout url', async () => {
    expect(createPaymentsPort(t.config).provider).toBe('stripe');
    const started = await placeOrder();
    expect(started.payUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/);
    expect((await order(started.orderNumber)).status).toBe('pending_payment');
  });

  it('turns checkout.session.completed delivered 5 times into one paid order and one email', async () => {
    const started = await placeOrder([10], 2);
    const body = stripeEvent(
      `evt_paid_${started.orderNumber}`,
      'checkout.session.completed',
      started.orderNumber,
    );
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await webhook(body);
      expect(res.status).toBe(200);
      outcomes.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['paid', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const row = await order(started.orderNumber);
    expect(row.status).toBe('paid');
    expect(await emailsAbout(started.orderNumber)).toHaveLength(1);
    expect(await stockOf(t.db, started.variantId)).toBe(8);
    const events = await t.db
      .selectFrom('payment_events')
      .select(['event_id', 'order_id'])
      .where('event_id', '=', `evt_paid_${started.orderNumber}`)
      .execute();
    expect(events).toEqual([{ event_id: `evt_paid_${started.orderNumber}`, order_id: row.id }]);
  });

  it('refuses a bad signature, a tampered body and the test gateway signature; nothing changes', async () => {
    const started = await placeOrder([10], 1);
    const body = stripeEvent(
      `evt_forged_${started.orderNumber}`,
      'checkout.session.completed',
      started.orderNumber,
    );
    const wrong = helper.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_not_ours' });
    const good = helper.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    const responses = [
      await webhook(body, wrong),
      await webhook(body.replace('"paid"', '"paid" '), good),
      await webhook(body, ''),
      await t.app.request('/api/payments/webhook', {
        method: 'POST',
        body,
        headers: { [SIGNATURE_HEADER]: signWebhook(t.config.appSecret, body) },
      }),
    ];
    expect(responses.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(await responses[0]!.json()).toEqual({ received: false, outcome: 'invalid-signature' });
    expect((await order(started.orderNumber)).status).toBe('pending_payment');
    expect(await emailsAbout(started.orderNumber)).toHaveLength(0);
    expect(await stockOf(t.db, started.variantId)).toBe(9);
    const stored = await t.db
      .selectFrom('payment_events')
      .select('event_id')
      .where('event_id', '=', `evt_forged_${started.orderNumber}`)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('cancels with the reason and gives the stock back when the session expires', async () => {
    const started = await placeOrder([3], 3);
    expect(await stockOf(t.db, started.variantId)).toBe(0);
    const body = stripeEvent(
      `evt_exp_${started.orderNumber}`,
      'checkout.session.expired',
      started.orderNumber,
      {
        payment_status: 'unpaid',
      },
    );
    // Back from Stripe's cancel link before expiry: the page says the items are still held.
    const pending = await (await started.page(`/orderfailed?order=${started.orderNumber}`)).text();
    expect(pending).toMatch(/The items stay reserved for this attempt for up to (29|30) more minutes/);

    const res = await webhook(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'cancelled' });
    const row = await order(started.orderNumber);
    expect(row.status).toBe('cancelled');
    expect(row.status_reason).toBe(STRIPE_FAILURE_REASONS.expired);
    expect(await stockOf(t.db, started.variantId)).toBe(3);
    const failed = await (await started.page(`/orderfailed?order=${started.orderNumber}`)).text();
    expect(failed).toContain(STRIPE_FAILURE_REASONS.expired);
    expect(failed).toContain('no stock is held for this attempt');
  });

  it('pays a delayed payment only when async_payment_succeeded arrives', async () => {
    const started = await placeOrder([10], 1);
    const completed = stripeEvent(
      `evt_unpaid_${started.orderNumber}`,
      'checkout.session.completed',
      started.orderNumber,
      { payment_status: 'unpaid' },
    );
    const first = await webhook(completed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await order(started.orderNumber)).status).toBe('pending_payment');
    const succeeded = stripeEvent(
      `evt_async_${started.orderNumber}`,
      'checkout.session.async_payment_succeeded',
      started.orderNumber,
    );
    expect(await (await webhook(succeeded)).json()).toEqual({ received: true, outcome: 'paid' });
    expect((await order(started.orderNumber)).status).toBe('paid');
  });

  it('acknowledges a validly signed event type it does not handle with 200 and changes nothing', async () => {
    const started = await placeOrder([10], 1);
    const body = stripeEvent(`evt_other_${started.orderNumber}`, 'customer.created', started.orderNumber);
    const res = await webhook(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await order(started.orderNumber)).status).toBe('pending_payment');
  });

  it('shows a returning buyer that the payment is being confirmed until the webhook lands', async () => {
    const started = await placeOrder([10], 1);
    const early = await started.page(`/ordersuccess?order=${started.orderNumber}`);
    expect(early.headers.get('refresh')).toBe('3');
    expect(await early.text()).toContain(`We are confirming your payment for order ${started.orderNumber}`);
    await webhook(
      stripeEvent(`evt_ok_${started.orderNumber}`, 'checkout.session.completed', started.orderNumber),
    );
    const later = await started.page(`/ordersuccess?order=${started.orderNumber}`);
    expect(later.headers.get('refresh')).toBeNull();
    expect(await later.text()).toContain('data-testid="order-number"');
  });

  it('hides the local test gateway page while Stripe takes payments', async () => {
    const started = await placeOrder([10], 1);
    expect((await t.app.request(`/pay/${started.orderNumber}?token=x`)).status).toBe(404);
    const post = await t.post(
      `/pay/${started.orderNumber}`,
      new URLSearchParams({ token: 'x', card: '4242424242424242' }),
    );
    expect(post.status).toBe(404);
    expect((await order(started.orderNumber)).status).toBe('pending_payment');
  });
});
