import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutAs, ordersOf, seedShopFixture, stockOf } from '../../factories/shop';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * startCheckout's idempotency key (docs/decisions/0016-checkout-guards.md): the CheckoutForm sends one key per
 * attempt and the same key on a retry; a replay answers the first order and reserves nothing new.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

async function browserAtCart() {
  const browser = new TestBrowser(t);
  await browser.request('/cart');
  return browser;
}

describe('idempotent startCheckout', () => {
  it('answers a replayed key with the same order and pay link, reserving the stock once', async () => {
    const { variantIds } = await seedShopFixture(t.db, [10]);
    const variantId = variantIds[0]!;
    const browser = await browserAtCart();
    const input = { items: [{ variantId, quantity: 3 }], idempotencyKey: randomUUID() };
    const first = await checkoutAs(browser, input);
    const again = await checkoutAs(browser, input);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.started?.orderNumber).toBe(first.started?.orderNumber);
    expect(again.started?.payUrl).toBe(first.started?.payUrl);
    expect(again.started?.quote.totalCents).toBe(first.started?.quote.totalCents);
    expect(await stockOf(t.db, variantId)).toBe(7);
    expect(await ordersOf(t.db, variantId)).toBe(1);
  });

  it('turns 6 parallel calls with one key into exactly one order', async () => {
    const { variantIds } = await seedShopFixture(t.db, [10]);
    const variantId = variantIds[0]!;
    const browser = await browserAtCart();
    const input = { items: [{ variantId, quantity: 2 }], idempotencyKey: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkoutAs(browser, input)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.started?.orderNumber)).size).toBe(1);
    expect(await stockOf(t.db, variantId)).toBe(8);
    expect(await ordersOf(t.db, variantId)).toBe(1);
  }, 60_000);

  it('refuses the same key with a different cart (409) and reserves nothing for it', async () => {
    const { variantIds } = await seedShopFixture(t.db, [10]);
    const variantId = variantIds[0]!;
    const browser = await browserAtCart();
    const idempotencyKey = randomUUID();
    expect((await checkoutAs(browser, { items: [{ variantId, quantity: 1 }], idempotencyKey })).status).toBe(
      200,
    );
    const changed = await checkoutAs(browser, { items: [{ variantId, quantity: 4 }], idempotencyKey });
    expect(changed.status).toBe(409);
    expect(changed.error?.message).toMatch(/already started with a different cart/);
    expect(await stockOf(t.db, variantId)).toBe(9);
    expect(await ordersOf(t.db, variantId)).toBe(1);
  });

  it('scopes a key to its browser: another browser with the same key gets its own order', async () => {
    const { variantIds } = await seedShopFixture(t.db, [10]);
    const variantId = variantIds[0]!;
    const input = { items: [{ variantId, quantity: 1 }], idempotencyKey: randomUUID() };
    const mine = await checkoutAs(await browserAtCart(), input);
    const theirs = await checkoutAs(await browserAtCart(), input);
    expect(theirs.status).toBe(200);
    expect(theirs.started?.orderNumber).not.toBe(mine.started?.orderNumber);
    expect(theirs.started?.payUrl).not.toBe(mine.started?.payUrl);
    expect(await stockOf(t.db, variantId)).toBe(8);
  });

  it('still checks out without a key, and refuses a malformed one with a field error', async () => {
    const { variantIds } = await seedShopFixture(t.db, [10]);
    const items = [{ variantId: variantIds[0]!, quantity: 1 }];
    expect((await checkoutAs(await browserAtCart(), { items })).status).toBe(200);
    const bad = await checkoutAs(await browserAtCart(), { items, idempotencyKey: 'short' });
    expect(bad.status).toBe(400);
    expect(bad.error?.data?.zodError?.fieldErrors.idempotencyKey).toBeDefined();
    expect(await stockOf(t.db, variantIds[0]!)).toBe(9);
  });
});
