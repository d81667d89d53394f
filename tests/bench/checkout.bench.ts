/**
 * Checkout throughput (`npm run bench -- checkout`; needs DATABASE_URL, uses its own database).
 *
 * Runs the real Hono app in process over a fresh PostgreSQL database and lets 20 concurrent
 * buyers loop for a fixed time through the whole API path a browser takes: shop.quote →
 * shop.startCheckout (order + stock reservation) → POST /pay/{order} with the 4242 test card
 * (signed webhook → Paid, email) → /ordersuccess. Prints paid orders per second and checks
 * that the paid orders and the stock add up. Bounded: in-process requests only, fixed duration.
 *
 * Each loop is a new buyer, as in a real crowd: its own address (X-Forwarded-For, trusted here)
 * and its own checkout cookie, sent back to /ordersuccess, which shows the order to that browser
 * only (docs/decisions/0016-checkout-guards.md). So the checkout limits are paid for but never refuse the bench.
 */
import { randomUUID } from 'node:crypto';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/platform/config';
import { outboxEmail } from '../../api/ports/email/outbox';
import { devAssets } from '../../site/server/assets';
import { ADDRESS, seedShopFixture, stockOf } from '../factories/shop';
import { createTestDatabase } from '../factories/test-db';

const BUYERS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const STOCK = 1_000_000;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('The checkout bench needs DATABASE_URL (PostgreSQL).');
  const database = await createTestDatabase();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    const app = createApp({ config, database, assets: devAssets(), email: outboxEmail() });
    const { variantIds } = await seedShopFixture(database.db, [STOCK]);
    const variantId = variantIds[0]!;
    let buyers = 0;
    const rpc = async (path: string, input: unknown, headers: Record<string, string>) => {
      const res = await app.request(`/api/doors/trpc/${path}`, {
        method: 'POST',
        headers: { ...headers, origin: config.appUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ json: input }),
      });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return {
        cookie,
        json: ((await res.json()) as { result: { data: { json: unknown } } }).result.data.json,
      };
    };

    const deadline = Date.now() + SECONDS * 1000;
    let paid = 0;
    const buyer = async (n: number) => {
      while (Date.now() < deadline) {
        const items = [{ variantId, quantity: 1 }];
        const b = ++buyers;
        const address = { 'x-forwarded-for': `10.${(b >> 16) & 255}.${(b >> 8) & 255}.${b & 255}` };
        await rpc('shop.quote', { items }, address);
        const checkout = await rpc(
          'shop.startCheckout',
          { items, ...ADDRESS, email: `bench${n}@example.com`, idempotencyKey: randomUUID() },
          address,
        );
        const started = checkout.json as { payUrl: string; orderNumber: string };
        const url = new URL(started.payUrl, config.appUrl);
        const body = new URLSearchParams({ token: url.searchParams.get('token')!, card: '4242424242424242' });
        const pay = await app.request(url.pathname, {
          method: 'POST',
          headers: { origin: config.appUrl },
          body,
        });
        if (!pay.headers.get('location')?.startsWith('/ordersuccess'))
          throw new Error('payment did not succeed');
        const success = await app.request(pay.headers.get('location')!, {
          headers: { cookie: checkout.cookie },
        });
        if (success.status !== 200) throw new Error(`/ordersuccess answered ${success.status}`);
        if (!(await success.text()).includes(started.orderNumber))
          throw new Error('/ordersuccess did not show the buyer their order');
        paid++;
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: BUYERS }, (_, n) => buyer(n)));
    const seconds = (performance.now() - started) / 1000;
    const rows = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const left = await stockOf(database.db, variantId);
    if (Number(rows.n) !== paid || STOCK - left !== paid)
      throw new Error('paid orders and stock do not add up');
    console.log(
      `checkout: ${paid} paid orders in ${seconds.toFixed(1)} s with ${BUYERS} concurrent buyers = ${(paid / seconds).toFixed(1)} orders/s (PostgreSQL, in-process API)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
