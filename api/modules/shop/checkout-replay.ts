import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { ConflictError } from '../errors';
import { type Quote, type QuoteLine, variantImage } from './pricing';
import type { CheckoutOutput } from './schema';

/**
 * Idempotent startCheckout (docs/decisions/0016-checkout-guards.md): the client sends one random key per checkout
 * attempt and the same key when it retries. The first call stores it beside the order (unique per
 * buyer); a replay finds that order and reserves nothing new; the same key with a different
 * request is refused, so a key can never stand for two different carts.
 */
export const KEY_REUSED =
  'This checkout was already started with a different cart or address. Please reload the page and try again.';

/** sha256 of what the request asks for (not the key, not the client's idea of the total). */
export function checkoutRequestHash(input: CheckoutOutput): string {
  const items = new Map<number, number>();
  for (const i of input.items) items.set(i.variantId, (items.get(i.variantId) ?? 0) + i.quantity);
  const canonical = {
    items: [...items].sort(([a], [b]) => a - b),
    coupon: input.couponCode?.trim().toUpperCase() ?? '',
    shipping: input.shippingOption,
    email: input.email.toLowerCase(),
    address: [input.name, input.line1, input.line2 ?? '', input.city, input.state, input.zip],
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The order an earlier call with this key created, or null; a different request is a conflict. */
export async function findReplayedOrder(
  db: Db | Transaction<Database>,
  buyerKey: string,
  idempotencyKey: string,
  requestHash: string,
) {
  const row = await db
    .selectFrom('order_checkouts as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['o.id', 'o.number', 'o.email', 'o.payment_token', 'o.total_cents', 'c.request_hash'])
    .where('c.buyer_key', '=', buyerKey)
    .where('c.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== requestHash) throw new ConflictError(KEY_REUSED);
  return row;
}

/** The quote a replay answers with, from what the order stored (prices as they were charged). */
export async function quoteOfOrder(db: Db, orderId: number): Promise<Quote> {
  const order = await db
    .selectFrom('orders as o')
    .leftJoin('coupons as k', 'k.id', 'o.coupon_id')
    .select([
      'o.subtotal_cents',
      'o.discount_cents',
      'o.shipping_cents',
      'o.total_cents',
      'o.shipping_option',
      'o.coupon_id',
      'k.code as coupon_code',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'i.variant_id',
      'i.title',
      'i.size',
      'i.color',
      'i.quantity',
      'i.unit_price_cents',
      'i.line_total_cents',
      'v.stock',
      'v.color_hex',
      'p.id as product_id',
      'p.slug',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  const lines: QuoteLine[] = items.map((i) => ({
    variantId: i.variant_id,
    productId: i.product_id,
    slug: i.slug,
    title: i.title,
    size: i.size,
    color: i.color,
    image: variantImage(i.slug, i.color_hex),
    quantity: i.quantity,
    unitPriceCents: i.unit_price_cents,
    lineTotalCents: i.line_total_cents,
    stock: i.stock,
  }));
  return {
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    shippingCents: order.shipping_cents,
    totalCents: order.total_cents,
    shippingOption: order.shipping_option as Quote['shippingOption'],
    coupon:
      order.coupon_id !== null
        ? { id: order.coupon_id, code: order.coupon_code ?? '', discountCents: order.discount_cents }
        : null,
  };
}
