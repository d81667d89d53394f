import { randomBytes } from 'node:crypto';
import { type CheckoutBuyer, type StartedCheckout, startCheckout } from '../../api/modules/shop/checkout';
import { applyPaymentEvent } from '../../api/modules/shop/orders';
import type { Config } from '../../api/platform/config';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createPaymentsPort } from '../../api/ports/payments';
import type { Db } from '../../db/client';
import type { TestBrowser } from './test-app';

/** One product with the given variants (the states list checkout validates against is in every test database). */
export async function seedShopFixture(db: Db, stocks: number[] = [10, 5]) {
  const slug = `fixture-tee-${Math.random().toString(36).slice(2, 8)}`;
  const product = await db
    .insertInto('products')
    .values({
      slug,
      title: 'Fixture Tee',
      description: 'A test shirt.',
      category: 't_shirts',
      shape: 'tshirt',
      price_cents: 2500,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const variants = await db
    .insertInto('product_variants')
    .values(
      stocks.map((stock, i) => ({
        product_id: product.id,
        size: ['M', 'L', 'XL'][i] ?? `S${i}`,
        color: 'Navy',
        color_hex: '#1f3a68',
        stock,
      })),
    )
    .returning(['id', 'stock'])
    .execute();
  return { productId: product.id, slug, variantIds: variants.map((v) => v.id) };
}

/**
 * Sets a product's price (the products trigger tells the page caches). No door edits products yet
 * (the catalog is seeded), so the page-cache tests change prices through this.
 */
export async function changePrice(db: Db, productId: number, priceCents: number) {
  await db.updateTable('products').set({ price_cents: priceCents }).where('id', '=', productId).execute();
}

export const ADDRESS = {
  email: 'buyer@example.com',
  name: 'Pat Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
} as const;

/**
 * A buyer of its own (fresh address and browser), so tests that check out many times directly do
 * not meet the per-buyer checkout limits unless they mean to.
 */
export function aBuyer(overrides: Partial<CheckoutBuyer> = {}): CheckoutBuyer {
  const bytes = randomBytes(4);
  return {
    userId: null,
    address: `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`,
    browserHash: randomBytes(32).toString('hex'),
    ...overrides,
  };
}

export async function stockOf(db: Db, variantId: number) {
  const row = await db
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** The provider's succeeded payment for the order, as the webhook hands it to the shop. */
export function payOrder(db: Db, orderNumber: string) {
  return applyPaymentEvent(db, outboxEmail(), {
    id: `evt_paid_${orderNumber}`,
    type: 'payment.succeeded',
    orderNumber,
    providerPaymentId: `pi_${orderNumber}`,
  });
}

/**
 * A paid order for one variant of a fresh fixture product, through the real checkout and the
 * payment event a provider would send.
 */
export async function placePaidOrder(
  db: Db,
  config: Config,
  options: { userId?: number | null; email?: string; quantity?: number } = {},
) {
  const { variantIds } = await seedShopFixture(db);
  const started = await startCheckout(
    db,
    createPaymentsPort(config),
    {
      items: [{ variantId: variantIds[0]!, quantity: options.quantity ?? 1 }],
      ...ADDRESS,
      email: options.email ?? ADDRESS.email,
    },
    aBuyer({ userId: options.userId ?? null }),
  );
  await payOrder(db, started.orderNumber);
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('number', '=', started.orderNumber)
    .executeTakeFirstOrThrow();
  return { id: row.id, number: started.orderNumber };
}

export interface CheckoutAnswer {
  status: number;
  started?: StartedCheckout;
  error?: { message: string; data?: { zodError?: { fieldErrors: Record<string, string[] | undefined> } } };
}

/**
 * shop.startCheckout over HTTP as the CheckoutForm island sends it, from this browser (its cookies)
 * and, when given, this client address (the test app must trust X-Forwarded-For).
 */
export async function checkoutAs(
  browser: TestBrowser,
  input: Record<string, unknown>,
  ip?: string,
): Promise<CheckoutAnswer> {
  const res = await browser.request('/api/doors/trpc/shop.startCheckout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
    body: JSON.stringify({ json: { ...ADDRESS, ...input } }),
  });
  const body = (await res.json()) as {
    result?: { data: { json: StartedCheckout } };
    error?: { json: CheckoutAnswer['error'] };
  };
  return { status: res.status, started: body.result?.data.json, error: body.error?.json };
}

/** How many orders hold this variant (any status). */
export async function ordersOf(db: Db, variantId: number) {
  const rows = await db
    .selectFrom('order_items')
    .select('order_id')
    .distinct()
    .where('variant_id', '=', variantId)
    .execute();
  return rows.length;
}
