import type { Db } from '../../../db/client';
import { type AppliedCoupon, evaluateCoupon } from '../coupons/redemption';
import { ValidationError } from '../errors';
import { MAX_PER_ITEM, type QuoteInput, quoteInput, SHIPPING_OPTIONS, type ShippingOption } from './schema';

export interface QuoteLine {
  variantId: number;
  productId: number;
  slug: string;
  title: string;
  size: string;
  color: string;
  image: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  stock: number;
}

export interface Quote {
  lines: QuoteLine[];
  itemCount: number;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  shippingOption: ShippingOption;
  coupon: AppliedCoupon | null;
}

/** The product picture in the variant's color (site/routes/shop/catalog.tsx draws it). */
export function variantImage(slug: string, colorHex: string): string {
  return `/merchandise/images/${slug}.svg?color=${colorHex.slice(1)}`;
}

export function shippingCents(option: ShippingOption, discountedSubtotal: number): number {
  const o = SHIPPING_OPTIONS[option];
  return o.freeOverCents !== null && discountedSubtotal >= o.freeOverCents ? 0 : o.cents;
}

/**
 * Prices a cart from the database alone: unit prices, coupon, shipping, total. Anything the
 * client sent about money is ignored. Lines for the same variant are merged, and the limit of
 * MAX_PER_ITEM applies to the merged quantity (splitting a variant over lines does not lift it).
 * startCheckout calls this inside its transaction, so the limit holds for what is reserved.
 */
export async function computeQuote(db: Db, raw: QuoteInput, now = new Date()): Promise<Quote> {
  const input = quoteInput.parse(raw);
  const quantities = new Map<number, number>();
  for (const item of input.items) {
    quantities.set(item.variantId, (quantities.get(item.variantId) ?? 0) + item.quantity);
  }
  const rows = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select([
      'v.id',
      'v.size',
      'v.color',
      'v.color_hex',
      'v.stock',
      'p.id as product_id',
      'p.slug',
      'p.title',
      'p.price_cents',
    ])
    .where('v.id', 'in', [...quantities.keys()])
    .execute();
  if (rows.length !== quantities.size) {
    throw new ValidationError({ items: ['An item in your cart is no longer sold. Please remove it.'] });
  }
  const lines: QuoteLine[] = rows.map((r) => {
    const quantity = quantities.get(r.id)!;
    return {
      variantId: r.id,
      productId: r.product_id,
      slug: r.slug,
      title: r.title,
      size: r.size,
      color: r.color,
      image: variantImage(r.slug, r.color_hex),
      quantity,
      unitPriceCents: r.price_cents,
      lineTotalCents: r.price_cents * quantity,
      stock: r.stock,
    };
  });
  const over = lines.find((l) => l.quantity > MAX_PER_ITEM);
  if (over) {
    const message = `At most ${MAX_PER_ITEM} of one item: your cart has ${over.quantity} of "${over.title}" (${over.size}, ${over.color}).`;
    throw new ValidationError({ items: [message] }, message);
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const code = input.couponCode?.trim();
  const coupon = code ? await evaluateCoupon(db, code, subtotalCents, now) : null;
  const discountCents = coupon?.discountCents ?? 0;
  const shipping = shippingCents(input.shippingOption, subtotalCents - discountCents);
  return {
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents,
    discountCents,
    shippingCents: shipping,
    totalCents: subtotalCents - discountCents + shipping,
    shippingOption: input.shippingOption,
    coupon,
  };
}
