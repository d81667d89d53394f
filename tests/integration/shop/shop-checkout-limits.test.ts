import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../api/modules/errors';
import { startCheckout } from '../../../api/modules/shop/checkout';
import { HELD_UNITS_CAP } from '../../../api/modules/shop/checkout-limits';
import { expireReservations } from '../../../api/modules/shop/orders';
import { createPaymentsPort } from '../../../api/ports/payments';
import { ADDRESS, aBuyer, checkoutAs, ordersOf, seedShopFixture, stockOf } from '../../factories/shop';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Security findings 6 and 12 (docs/decisions/0016-checkout-guards.md): one buyer or one address cannot reserve the
 * shop's stock (rate limit + cap on units held in unpaid orders), and "at most 20 of one item"
 * holds for the sum over cart lines. Through the real app, with X-Forwarded-For trusted so each
 * test speaks from its own address.
 */
let t: TestApp;
let address = 0;
const nextIp = () => `198.51.100.${++address}`;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
}, 120_000);
afterAll(() => t?.close());

describe('finding 6: checkout cannot drain the shop', () => {
  it('refuses a second order that takes one browser over 40 held units, from any address, reserving nothing', async () => {
    const { variantIds } = await seedShopFixture(t.db, [1000, 530]);
    const [a, b] = variantIds as [number, number];
    const browser = new TestBrowser(t);
    const first = await checkoutAs(
      browser,
      {
        items: [
          { variantId: a, quantity: 20 },
          { variantId: b, quantity: 20 },
        ],
      },
      nextIp(),
    );
    expect(first.status).toBe(200);
    const second = await checkoutAs(browser, { items: [{ variantId: a, quantity: 1 }] }, nextIp());
    expect(second.status).toBe(429);
    expect(second.error?.message).toMatch(/already have 40 items reserved.*at most 40/);
    expect(await stockOf(t.db, a)).toBe(980);
    expect(await stockOf(t.db, b)).toBe(510);
    expect(await ordersOf(t.db, a)).toBe(1);
  });

  it('refuses more than 40 held units from one address across browsers', async () => {
    const { variantIds } = await seedShopFixture(t.db, [1000]);
    const variantId = variantIds[0]!;
    const ip = nextIp();
    expect((await checkoutAs(new TestBrowser(t), { items: [{ variantId, quantity: 20 }] }, ip)).status).toBe(
      200,
    );
    expect((await checkoutAs(new TestBrowser(t), { items: [{ variantId, quantity: 15 }] }, ip)).status).toBe(
      200,
    );
    const third = await checkoutAs(new TestBrowser(t), { items: [{ variantId, quantity: 6 }] }, ip);
    expect(third.status).toBe(429);
    expect(third.error?.message).toMatch(/reserved from your network/);
    expect(await stockOf(t.db, variantId)).toBe(1000 - 35);
    // Another address is not affected.
    expect(
      (await checkoutAs(new TestBrowser(t), { items: [{ variantId, quantity: 6 }] }, nextIp())).status,
    ).toBe(200);
  });

  it('refuses one order over 40 units with a 400 on items', async () => {
    const { variantIds } = await seedShopFixture(t.db, [1000, 1000, 1000]);
    const answer = await checkoutAs(
      new TestBrowser(t),
      { items: variantIds.map((variantId) => ({ variantId, quantity: 15 })) },
      nextIp(),
    );
    expect(answer.status).toBe(400);
    expect(answer.error?.data?.zodError?.fieldErrors.items?.[0]).toMatch(/at most 40 items/);
    for (const id of variantIds) expect(await stockOf(t.db, id)).toBe(1000);
  });

  it('counts only holds that have not expired or been paid', async () => {
    const { variantIds } = await seedShopFixture(t.db, [1000]);
    const variantId = variantIds[0]!;
    const buyer = aBuyer();
    const payments = createPaymentsPort(t.config);
    const items = [{ variantId, quantity: 20 }];
    const start = new Date();
    await startCheckout(t.db, payments, { items, ...ADDRESS }, buyer, start);
    await startCheckout(t.db, payments, { items, ...ADDRESS }, buyer, start);
    await expect(
      startCheckout(t.db, payments, { items: [{ variantId, quantity: 1 }], ...ADDRESS }, buyer, start),
    ).rejects.toBeInstanceOf(RateLimitedError);
    const later = new Date(start.getTime() + 31 * 60_000);
    await expireReservations(t.db, later);
    await startCheckout(t.db, payments, { items, ...ADDRESS }, buyer, later);
    expect(await stockOf(t.db, variantId)).toBe(1000 - 20);
  });

  it('holds a limited coupon only as long as the reservation: expiry gives the use back', async () => {
    const { variantIds } = await seedShopFixture(t.db, [10]);
    await t.db
      .insertInto('coupons')
      .values({ code: 'HELD1', kind: 'percent', amount: 10, max_redemptions: 1 })
      .execute();
    const items = [{ variantId: variantIds[0]!, quantity: 1 }];
    const start = new Date();
    const payments = createPaymentsPort(t.config);
    await startCheckout(t.db, payments, { items, couponCode: 'held1', ...ADDRESS }, aBuyer(), start);
    const count = () =>
      t.db
        .selectFrom('coupons')
        .select('redemptions_count')
        .where('code', '=', 'HELD1')
        .executeTakeFirstOrThrow();
    expect((await count()).redemptions_count).toBe(1);
    await expireReservations(t.db, new Date(start.getTime() + 31 * 60_000));
    expect((await count()).redemptions_count).toBe(0);
  });

  /** Checkouts of one unit until the first 429 (a window boundary mid-loop can only add successes). */
  async function untilRefused(browser: () => TestBrowser, ip: () => string, max: number) {
    const { variantIds } = await seedShopFixture(t.db, [1000]);
    let accepted = 0;
    for (let i = 0; i < max; i++) {
      const answer = await checkoutAs(
        browser(),
        { items: [{ variantId: variantIds[0]!, quantity: 1 }] },
        ip(),
      );
      if (answer.status === 429) {
        expect(answer.error?.message).toMatch(/Too many requests/);
        expect(await stockOf(t.db, variantIds[0]!)).toBe(1000 - accepted);
        return accepted;
      }
      expect(answer.status).toBe(200);
      accepted++;
    }
    throw new Error(`no refusal after ${max} checkouts`);
  }

  it('rate limits checkout per address (20 per 10 minutes) even with a new browser each time', async () => {
    // Single units stay under the held-units cap until 40: only the rate limit can refuse first.
    const ip = nextIp();
    expect(
      await untilRefused(
        () => new TestBrowser(t),
        () => ip,
        HELD_UNITS_CAP - 1,
      ),
    ).toBeGreaterThanOrEqual(20);
  });

  it('rate limits checkout per browser (10 per 10 minutes) whatever its address', async () => {
    const browser = new TestBrowser(t);
    expect(await untilRefused(() => browser, nextIp, 21)).toBeGreaterThanOrEqual(10);
  });

  it('serializes one address: parallel checkouts never hold more than 40 units together', async () => {
    const { variantIds } = await seedShopFixture(t.db, [1000]);
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        checkoutAs(new TestBrowser(t), { items: [{ variantId: variantIds[0]!, quantity: 10 }] }, ip),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect(await stockOf(t.db, variantIds[0]!)).toBe(960);
  }, 60_000);
});

describe('finding 12: at most 20 of one item, summed over cart lines', () => {
  it('refuses 60 of one variant split over three lines, in the quote and at checkout, reserving nothing', async () => {
    const { variantIds } = await seedShopFixture(t.db, [100]);
    const variantId = variantIds[0]!;
    const items = [1, 2, 3].map(() => ({ variantId, quantity: 20 }));
    const quote = await t.trpc('shop.quote', { items });
    expect(quote.status).toBe(400);
    const answer = await checkoutAs(new TestBrowser(t), { items }, nextIp());
    expect(answer.status).toBe(400);
    expect(answer.error?.data?.zodError?.fieldErrors.items?.[0]).toMatch(
      /At most 20 of one item: your cart has 60 of "Fixture Tee" \(M, Navy\)/,
    );
    expect(await stockOf(t.db, variantId)).toBe(100);
    expect(await ordersOf(t.db, variantId)).toBe(0);
  });

  it('accepts 20 of one variant over two lines and 20 of another variant beside it', async () => {
    const { variantIds } = await seedShopFixture(t.db, [100, 100]);
    const [a, b] = variantIds as [number, number];
    const answer = await checkoutAs(
      new TestBrowser(t),
      {
        items: [
          { variantId: a, quantity: 12 },
          { variantId: a, quantity: 8 },
          { variantId: b, quantity: 20 },
        ],
      },
      nextIp(),
    );
    expect(answer.status).toBe(200);
    expect(answer.started?.quote.lines.find((l) => l.variantId === a)?.quantity).toBe(20);
    expect(await stockOf(t.db, a)).toBe(80);
  });
});
