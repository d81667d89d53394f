import type { Config } from '../../api/config';
import { startCheckout } from '../../api/modules/shop/checkout';
import { applyPaymentEvent } from '../../api/modules/shop/orders';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createPaymentsPort } from '../../api/ports/payments';
import type { Db } from '../../db/client';
import { REFERENCE_LISTS } from '../../db/seed/reference-options';

/** The states list (checkout validates against it) and one product with the given variants. */
export async function seedShopFixture(db: Db, stocks: number[] = [10, 5]) {
  await db
    .insertInto('reference_options')
    .values((REFERENCE_LISTS.states ?? []).map((o, position) => ({ list_name: 'states', ...o, position })))
    .onConflict((oc) => oc.doNothing())
    .execute();
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

export const ADDRESS = {
  email: 'buyer@example.com',
  name: 'Pat Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
} as const;

export async function stockOf(db: Db, variantId: number) {
  const row = await db
    .selectFrom('product_variants')
    .select('stock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.stock;
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
    options.userId ?? null,
  );
  await applyPaymentEvent(db, outboxEmail(), {
    id: `evt_paid_${started.orderNumber}`,
    type: 'payment.succeeded',
    orderNumber: started.orderNumber,
  });
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('number', '=', started.orderNumber)
    .executeTakeFirstOrThrow();
  return { id: row.id, number: started.orderNumber };
}
