import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import type { PaymentsPort } from '../../ports/payments';
import { attributedAffiliate } from '../affiliates/attribution';
import { redeemCoupon } from '../coupons/redemption';
import { ConflictError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { assertUsState } from '../us-address';
import {
  assertHoldAllowed,
  buyerKey,
  CHECKOUT_PER_ADDRESS,
  CHECKOUT_PER_BUYER,
  type CheckoutBuyer,
  lockBuyer,
} from './checkout-limits';
import { checkoutRequestHash, findReplayedOrder, quoteOfOrder } from './checkout-replay';
import { computeQuote, type Quote } from './pricing';
import { type CheckoutInput, checkoutInput } from './schema';

export type { CheckoutBuyer } from './checkout-limits';
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

interface PlacedOrder {
  id: number;
  number: string;
  email: string;
  payment_token: string;
  total_cents: number;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * Creates the order (Pending payment) and reserves its stock in one transaction. Each variant is
 * taken by a conditional update (`stock >= quantity`), in id order, so concurrent buyers never
 * oversell and never deadlock; a refused line rolls the whole order back.
 *
 * Guards (docs/decisions/0016-checkout-guards.md): rate limits per address and per buyer, a cap on units held in
 * unpaid reservations per address and per buyer (checkout-limits.ts), and an idempotency key: a
 * replay answers the order the first call made and reserves nothing (checkout-replay.ts).
 */
export async function startCheckout(
  db: Db,
  payments: PaymentsPort,
  raw: CheckoutInput,
  buyer: CheckoutBuyer,
  now = new Date(),
): Promise<StartedCheckout> {
  const input = checkoutInput.parse(raw);
  await hitRateLimit(db, CHECKOUT_PER_ADDRESS, buyer.address);
  await hitRateLimit(db, CHECKOUT_PER_BUYER, buyerKey(buyer));
  await assertUsState(db, input.state);

  const requestHash = checkoutRequestHash(input);
  const key = input.idempotencyKey ?? null;
  const token = randomBytes(24).toString('base64url');
  let placed: { order: PlacedOrder; quote: Quote | null };
  try {
    placed = await db.transaction().execute(async (trx) => {
      await lockBuyer(trx, buyer);
      if (key) {
        const earlier = await findReplayedOrder(trx, buyerKey(buyer), key, requestHash);
        if (earlier) return { order: earlier, quote: null };
      }
      const quote = await computeQuote(trx, input, now);
      await assertHoldAllowed(trx, buyer, quote.itemCount, now);
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
      const affiliateId = await attributedAffiliate(trx, {
        token: buyer.referralToken,
        userId: buyer.userId,
        email: input.email,
        now,
      });
      const order = await trx
        .insertInto('orders')
        .values({
          number: orderNumber(),
          email: input.email.toLowerCase(),
          user_id: buyer.userId,
          status: 'pending_payment',
          subtotal_cents: quote.subtotalCents,
          discount_cents: quote.discountCents,
          shipping_cents: quote.shippingCents,
          total_cents: quote.totalCents,
          coupon_id: quote.coupon?.id ?? null,
          affiliate_id: affiliateId,
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
        .returning(['id', 'number', 'email', 'payment_token', 'total_cents'])
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
      await trx
        .insertInto('order_checkouts')
        .values({
          order_id: order.id,
          buyer_key: buyerKey(buyer),
          browser_hash: buyer.browserHash,
          address_hash: buyer.address,
          idempotency_key: key,
          request_hash: requestHash,
        })
        .execute();
      return { order, quote };
    });
  } catch (error) {
    // Only reachable if two calls with one key got past lockBuyer together: the index decides.
    const earlier =
      key && isUniqueViolation(error) ? await findReplayedOrder(db, buyerKey(buyer), key, requestHash) : null;
    if (!earlier) throw error;
    placed = { order: earlier, quote: null };
  }
  const { order } = placed;
  // The same arguments on a replay, so the provider's own idempotency (Stripe) answers the same session.
  const { url } = await payments.startPayment({
    orderNumber: order.number,
    token: order.payment_token,
    totalCents: order.total_cents,
    email: order.email,
  });
  return {
    orderNumber: order.number,
    payUrl: url,
    quote: placed.quote ?? (await quoteOfOrder(db, order.id)),
  };
}
