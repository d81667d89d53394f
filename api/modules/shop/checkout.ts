import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import type { PaymentsPort } from '../../ports/payments';
import { redeemCoupon } from '../coupons/redemption';
import { ConflictError, ValidationError } from '../errors';
import { computeQuote, type Quote } from './pricing';
import { type CheckoutInput, checkoutInput } from './schema';

export const RESERVATION_MINUTES = 30;
const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function orderNumber(): string {
  const bytes = randomBytes(8);
  return `CHQ-${[...bytes].map((b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join('')}`;
}

export function outOfStockMessage(line: { title: string; size: string; color: string }) {
  return `Sorry, "${line.title}" (${line.size}, ${line.color}) is out of stock in the quantity you asked for.`;
}

export interface StartedCheckout {
  orderNumber: string;
  payUrl: string;
  quote: Quote;
}

/**
 * Creates the order (Pending payment) and reserves its stock in one transaction. Each variant is
 * taken by a conditional update (`stock >= quantity`), in id order, so concurrent buyers never
 * oversell and never deadlock; a refused line rolls the whole order back.
 */
export async function startCheckout(
  db: Db,
  payments: PaymentsPort,
  raw: CheckoutInput,
  userId: number | null,
  now = new Date(),
): Promise<StartedCheckout> {
  const input = checkoutInput.parse(raw);
  const state = await db
    .selectFrom('reference_options')
    .select('value')
    .where('list_name', '=', 'states')
    .where('value', '=', input.state)
    .executeTakeFirst();
  if (!state) throw new ValidationError({ state: ['Choose a US state.'] });

  const token = randomBytes(24).toString('base64url');
  const result = await db.transaction().execute(async (trx) => {
    const quote = await computeQuote(trx, input, now);
    for (const line of [...quote.lines].sort((a, b) => a.variantId - b.variantId)) {
      const taken = await trx
        .updateTable('product_variants')
        .set({ stock: sql`stock - ${line.quantity}` })
        .where('id', '=', line.variantId)
        .where('stock', '>=', line.quantity)
        .returning('id')
        .executeTakeFirst();
      if (!taken) throw new ConflictError(outOfStockMessage(line));
    }
    if (quote.coupon) await redeemCoupon(trx, quote.coupon.id);
    const order = await trx
      .insertInto('orders')
      .values({
        number: orderNumber(),
        email: input.email.toLowerCase(),
        user_id: userId,
        status: 'pending_payment',
        subtotal_cents: quote.subtotalCents,
        discount_cents: quote.discountCents,
        shipping_cents: quote.shippingCents,
        total_cents: quote.totalCents,
        coupon_id: quote.coupon?.id ?? null,
        shipping_option: quote.shippingOption,
        address: jsonb({
          name: input.name,
          line1: input.line1,
          line2: input.line2,
          city: input.city,
          state: input.state,
          zip: input.zip,
        }),
        payment_token: token,
        reserved_until: new Date(now.getTime() + RESERVATION_MINUTES * 60_000),
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values(
        quote.lines.map((l) => ({
          order_id: order.id,
          variant_id: l.variantId,
          title: l.title,
          size: l.size,
          color: l.color,
          quantity: l.quantity,
          unit_price_cents: l.unitPriceCents,
          line_total_cents: l.lineTotalCents,
        })),
      )
      .execute();
    await trx
      .insertInto('order_status_events')
      .values({ order_id: order.id, status: 'pending_payment' })
      .execute();
    return { order, quote };
  });
  const { url } = await payments.startPayment({
    orderNumber: result.order.number,
    token,
    totalCents: result.quote.totalCents,
    email: input.email,
  });
  return { orderNumber: result.order.number, payUrl: url, quote: result.quote };
}
