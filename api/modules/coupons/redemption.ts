import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { ValidationError } from '../errors';

export interface AppliedCoupon {
  id: number;
  code: string;
  discountCents: number;
}

function reject(message: string): never {
  throw new ValidationError({ couponCode: [message] }, message);
}

/**
 * The discount a coupon gives on this subtotal, or a ValidationError on `couponCode` saying why
 * it does not apply (docs/product/rulings.md, Shop: percent or fixed, minimum subtotal, window, cap).
 */
export async function evaluateCoupon(
  db: Db,
  code: string,
  subtotalCents: number,
  now = new Date(),
): Promise<AppliedCoupon> {
  const coupon = await db
    .selectFrom('coupons')
    .selectAll()
    .where(sql`lower(code)`, '=', code.trim().toLowerCase())
    .executeTakeFirst();
  if (!coupon?.active) reject('This coupon code is not valid.');
  if (coupon.starts_at && new Date(coupon.starts_at) > now) reject('This coupon is not active yet.');
  if (coupon.ends_at && new Date(coupon.ends_at) <= now) reject('This coupon has expired.');
  if (coupon.max_redemptions !== null && coupon.redemptions_count >= coupon.max_redemptions) {
    reject('This coupon has reached its redemption limit.');
  }
  if (subtotalCents < coupon.min_subtotal_cents) {
    reject(`This coupon needs a subtotal of at least $${(coupon.min_subtotal_cents / 100).toFixed(2)}.`);
  }
  const raw = coupon.kind === 'percent' ? Math.round((subtotalCents * coupon.amount) / 100) : coupon.amount;
  return { id: coupon.id, code: coupon.code, discountCents: Math.min(raw, subtotalCents) };
}

/** Takes one redemption; refused (never over the cap) when the last one went meanwhile. */
export async function redeemCoupon(db: Db, id: number): Promise<void> {
  const row = await db
    .updateTable('coupons')
    .set({ redemptions_count: sql`redemptions_count + 1` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('max_redemptions', 'is', null), eb('redemptions_count', '<', eb.ref('max_redemptions'))]),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) reject('This coupon has reached its redemption limit.');
}

/** Gives a redemption back (payment declined or reservation expired). */
export async function releaseCoupon(db: Db, id: number): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ redemptions_count: sql`greatest(redemptions_count - 1, 0)` })
    .where('id', '=', id)
    .execute();
}
