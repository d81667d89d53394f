import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../../api/modules/errors';
import { startCheckout } from '../../../api/modules/shop/checkout';
import { lookupOrder } from '../../../api/modules/shop/lookup';
import { applyPaymentEvent, expireReservations } from '../../../api/modules/shop/orders';
import { computeQuote } from '../../../api/modules/shop/pricing';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { createPaymentsPort } from '../../../api/ports/payments';
import { SIGNATURE_HEADER, signWebhook } from '../../../api/ports/payments/test-gateway';
import { ADDRESS, aBuyer, checkoutAs, seedShopFixture, stockOf } from '../../factories/shop';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

let t: TestApp;
const payments = () => createPaymentsPort(t.config);

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

async function order(number: string) {
  return t.db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
}

function webhook(body: string, signature = signWebhook(t.config.appSecret, body)) {
  return t.app.request('/api/payments/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
  });
}

describe('pricing', () => {
  it('recomputes totals from the database and ignores a tampered client total', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const items = [{ variantId: variantIds[0]!, quantity: 2 }];
    const res = await t.trpc('shop.quote', { items, clientTotal: '0.01', shippingOption: 'standard' });
    expect(res.status).toBe(200);
    const quote = ((await res.json()) as { result: { data: { json: { totalCents: number } } } }).result.data
      .json;
    expect(quote.totalCents).toBe(2 * 2500 + 599);

    const started = await startCheckout(
      t.db,
      payments(),
      { items, ...ADDRESS, clientTotal: 1 } as never,
      aBuyer(),
    );
    const row = await order(started.orderNumber);
    expect(row.subtotal_cents).toBe(5000);
    expect(row.total_cents).toBe(5599);
    expect(started.payUrl).toMatch(/^\/pay\/CHQ-[A-Z0-9]{8}\?token=/);
  });

  it('makes Standard shipping free from $75 after discount and charges the other options', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const items = [{ variantId: variantIds[0]!, quantity: 3 }];
    expect((await computeQuote(t.db, { items })).shippingCents).toBe(0);
    expect((await computeQuote(t.db, { items, shippingOption: 'expedited' })).shippingCents).toBe(1499);
    expect((await computeQuote(t.db, { items, shippingOption: 'overnight' })).totalCents).toBe(7500 + 2999);
  });
});

describe('coupons', () => {
  async function coupon(values: Record<string, unknown>) {
    await t.db
      .insertInto('coupons')
      .values({ kind: 'percent', amount: 10, ...values } as never)
      .execute();
  }
  const couponError = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors.couponCode?.[0];
  };

  it('applies a percent coupon case-insensitively and refuses expired, early and too-small orders', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const items = [{ variantId: variantIds[0]!, quantity: 2 }];
    await coupon({ code: 'Rally10' });
    await coupon({
      code: 'OLD10',
      starts_at: new Date(Date.now() - 86_400_000 * 2),
      ends_at: new Date(Date.now() - 86_400_000),
    });
    await coupon({ code: 'BIG20', kind: 'fixed', amount: 2000, min_subtotal_cents: 10_000 });
    const q = await computeQuote(t.db, { items, couponCode: 'rally10' });
    expect(q.discountCents).toBe(500);
    expect(q.totalCents).toBe(5000 - 500 + 599);
    expect(await couponError(computeQuote(t.db, { items, couponCode: 'old10' }))).toMatch(/expired/);
    expect(await couponError(computeQuote(t.db, { items, couponCode: 'BIG20' }))).toMatch(
      /at least \$100\.00/,
    );
    expect(await couponError(computeQuote(t.db, { items, couponCode: 'NOPE' }))).toMatch(/not valid/);
    const big = await computeQuote(t.db, {
      items: [{ variantId: variantIds[0]!, quantity: 4 }],
      couponCode: 'big20',
    });
    expect(big.discountCents).toBe(2000);
  });

  it('stops at max redemptions and gives a redemption back when payment is declined', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const items = [{ variantId: variantIds[0]!, quantity: 1 }];
    await coupon({ code: 'ONCE', max_redemptions: 1 });
    const first = await startCheckout(t.db, payments(), { items, couponCode: 'once', ...ADDRESS }, aBuyer());
    expect(
      await couponError(startCheckout(t.db, payments(), { items, couponCode: 'ONCE', ...ADDRESS }, aBuyer())),
    ).toMatch(/redemption limit/);
    await applyPaymentEvent(t.db, outboxEmail(), {
      id: `evt_decline_${first.orderNumber}`,
      type: 'payment.failed',
      orderNumber: first.orderNumber,
      reason: 'Your card was declined.',
    });
    const again = await startCheckout(t.db, payments(), { items, couponCode: 'Once', ...ADDRESS }, aBuyer());
    expect((await order(again.orderNumber)).discount_cents).toBe(250);
  });

  it('takes one coupon per order: the code is a single value', async () => {
    const res = await t.trpc('shop.quote', {
      items: [{ variantId: 1, quantity: 1 }],
      couponCode: ['A', 'B'],
    });
    expect(res.status).toBe(400);
  });
});

describe('payment webhook', () => {
  it('turns a webhook replayed 5 times into one paid order and one email', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const started = await startCheckout(
      t.db,
      payments(),
      { items: [{ variantId: variantIds[0]!, quantity: 2 }], ...ADDRESS },
      aBuyer(),
    );
    const body = JSON.stringify({
      id: `evt_${started.orderNumber}`,
      type: 'payment.succeeded',
      orderNumber: started.orderNumber,
    });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await webhook(body);
      expect(res.status).toBe(200);
      outcomes.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['paid', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const row = await order(started.orderNumber);
    expect(row.status).toBe('paid');
    const emails = await t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('subject', 'like', `%${started.orderNumber}%`)
      .execute();
    expect(emails).toHaveLength(1);
    expect(await stockOf(t.db, variantIds[0]!)).toBe(8);
  });

  it('refuses a bad or missing signature', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'payment.succeeded', orderNumber: 'CHQ-XXXXXXXX' });
    expect((await webhook(body, signWebhook('wrong-secret-wrong-secret-wrong-secret', body))).status).toBe(
      400,
    );
    expect((await webhook(body, '')).status).toBe(400);
  });

  it('releases stock and cancels with the reason when the test card is declined', async () => {
    const { variantIds } = await seedShopFixture(t.db, [3]);
    const started = await startCheckout(
      t.db,
      payments(),
      { items: [{ variantId: variantIds[0]!, quantity: 3 }], ...ADDRESS },
      aBuyer(),
    );
    expect(await stockOf(t.db, variantIds[0]!)).toBe(0);
    const token = new URL(started.payUrl, 'http://x').searchParams.get('token')!;
    const res = await t.post(
      started.payUrl.split('?')[0]!,
      new URLSearchParams({ token, card: '4000 0000 0000 0002' }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/orderfailed?order=${started.orderNumber}`);
    const row = await order(started.orderNumber);
    expect(row.status).toBe('cancelled');
    expect(row.status_reason).toBe('Your card was declined.');
    expect(await stockOf(t.db, variantIds[0]!)).toBe(3);
  });

  it('pays with 4242… on the hosted page and redirects to /ordersuccess, shown to the buying browser', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const browser = new TestBrowser(t);
    await browser.request('/cart');
    const { started } = await checkoutAs(browser, { items: [{ variantId: variantIds[1]!, quantity: 1 }] });
    const payUrl = started!.payUrl;
    const page = await browser.request(payUrl);
    expect(await page.text()).toContain('4242 4242 4242 4242');
    const token = new URL(payUrl, 'http://x').searchParams.get('token')!;
    const res = await browser.form(payUrl.split('?')[0]!, { token, card: '4242424242424242' });
    expect(res.headers.get('location')).toBe(`/ordersuccess?order=${started!.orderNumber}`);
    expect((await order(started!.orderNumber)).status).toBe('paid');
    const success = await (await browser.request(res.headers.get('location')!)).text();
    expect(success).toContain(started!.orderNumber);
  });

  it('expires reservations after 30 minutes and gives the stock back', async () => {
    const { variantIds } = await seedShopFixture(t.db, [4]);
    const started = await startCheckout(
      t.db,
      payments(),
      { items: [{ variantId: variantIds[0]!, quantity: 4 }], ...ADDRESS },
      aBuyer(),
    );
    expect(await expireReservations(t.db, new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(await expireReservations(t.db, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await order(started.orderNumber)).status).toBe('cancelled');
    expect(await stockOf(t.db, variantIds[0]!)).toBe(4);
  });
});

describe('concurrency', () => {
  it('50 simultaneous checkouts for 10 in stock: exactly 10 reserved and paid, 40 told it is out of stock', async () => {
    const { variantIds } = await seedShopFixture(t.db, [10]);
    const variantId = variantIds[0]!;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        startCheckout(
          t.db,
          payments(),
          { items: [{ variantId, quantity: 1 }], ...ADDRESS, email: `buyer${i}@example.com` },
          aBuyer(),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(ConflictError);
      expect((r.reason as Error).message).toMatch(/out of stock/);
    }
    expect(await stockOf(t.db, variantId)).toBe(0);
    for (const r of ok) {
      const number = (r as PromiseFulfilledResult<{ orderNumber: string }>).value.orderNumber;
      await applyPaymentEvent(t.db, outboxEmail(), {
        id: `evt_c_${number}`,
        type: 'payment.succeeded',
        orderNumber: number,
      });
    }
    const paid = await t.db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('orders.id')
      .where('order_items.variant_id', '=', variantId)
      .where('orders.status', '=', 'paid')
      .execute();
    expect(paid).toHaveLength(10);
    expect(await stockOf(t.db, variantId)).toBe(0);
  }, 120_000);
});

describe('order status', () => {
  it('finds an order by number + email and answers the same for a wrong number or a wrong email', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const started = await startCheckout(
      t.db,
      payments(),
      { items: [{ variantId: variantIds[0]!, quantity: 1 }], ...ADDRESS },
      aBuyer(),
    );
    const found = await lookupOrder(t.db, '10.0.0.1', started.orderNumber.toLowerCase(), 'BUYER@example.com');
    expect(found.status).toBe('pending_payment');
    expect(found.timeline.map((e) => e.status)).toEqual(['pending_payment']);
    expect(found).not.toHaveProperty('payment_token');
    const wrongEmail = await lookupOrder(t.db, '10.0.0.2', started.orderNumber, 'other@example.com').catch(
      (e: Error) => e.message,
    );
    const wrongNumber = await lookupOrder(t.db, '10.0.0.2', 'CHQ-NOTAREAL', ADDRESS.email).catch(
      (e: Error) => e.message,
    );
    expect(wrongEmail).toBe(wrongNumber);
  });

  it('rate limits lookups per address', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, () => lookupOrder(t.db, '10.9.9.9', 'CHQ-NOTAREAL', 'x@example.com')),
    );
    const messages = attempts.map((a) => (a.status === 'rejected' ? (a.reason as Error).message : ''));
    expect(messages.filter((m) => /Too many requests/.test(m)).length).toBeGreaterThan(0);
  });
});
