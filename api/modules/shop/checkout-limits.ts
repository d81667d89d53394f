import { createHmac } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { RateLimitedError, ValidationError } from '../errors';
import type { RateLimitRule } from '../rate-limits/service';

/**
 * Limits that keep one buyer from draining the shop (docs/decisions/0016-checkout-guards.md). Each browser or member
 * and each client address may start a few checkouts per window, and may hold at most
 * HELD_UNITS_CAP units in reservations that are not paid yet, summed over all their open orders.
 */
export const CHECKOUT_PER_ADDRESS: RateLimitRule = { name: 'checkout-ip', limit: 20, windowSeconds: 600 };
export const CHECKOUT_PER_BUYER: RateLimitRule = { name: 'checkout-buyer', limit: 10, windowSeconds: 600 };
export const HELD_UNITS_CAP = 40;

/** The caller of startCheckout, as the door knows it. */
export interface CheckoutBuyer {
  userId: number | null;
  /** addressKey() of the client address: equal for one address, and no address is stored. */
  address: string;
  /** sha256 of the browser's checkout cookie (checkout-browser.ts). */
  browserHash: string;
  /** The affiliate referral cookie's token, when the browser carries one (docs/decisions/0031-affiliates-and-partner-revenue.md). */
  referralToken?: string | null;
}

/** The member when signed in, else the browser: the "per session/member" bucket and key scope. */
/** The client address as the checkout limits keep it: HMAC-SHA256(appSecret, address). */
export function addressKey(appSecret: string, ip: string): string {
  return createHmac('sha256', appSecret).update(`checkout-address:${ip}`).digest('hex');
}

export function buyerKey(buyer: CheckoutBuyer): string {
  return buyer.userId !== null ? `user:${buyer.userId}` : `browser:${buyer.browserHash}`;
}

// Advisory lock classes (the two-key form), so an address and a buyer never share a lock.
const LOCK_ADDRESS = 16_001;
const LOCK_BUYER = 16_002;

/**
 * Serializes checkouts of the same address and of the same buyer until the transaction ends, so
 * the held-units sum below and the idempotency lookup cannot be raced by a parallel request.
 * Always address first, then buyer, and before any stock row is locked: no lock cycles.
 */
export async function lockBuyer(trx: Transaction<Database>, buyer: CheckoutBuyer) {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCK_ADDRESS)}, hashtext(${buyer.address}))`.execute(trx);
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(LOCK_BUYER)}, hashtext(${buyerKey(buyer)}))`.execute(trx);
}

async function held(
  trx: Transaction<Database>,
  column: 'address_hash' | 'buyer_key',
  value: string,
  now: Date,
) {
  const row = await trx
    .selectFrom('order_checkouts as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select([
      sql<number>`coalesce(sum(i.quantity), 0)::int`.as('units'),
      sql<Date | null>`min(o.reserved_until)`.as('first_release'),
    ])
    .where(`c.${column}`, '=', value)
    .where('o.status', '=', 'pending_payment')
    .where('o.reserved_until', '>', now)
    .executeTakeFirstOrThrow();
  return { units: Number(row.units), firstRelease: row.first_release ? new Date(row.first_release) : null };
}

const minutesUntil = (at: Date | null, now: Date) =>
  Math.max(1, Math.ceil(((at?.getTime() ?? now.getTime()) - now.getTime()) / 60_000));

/**
 * Refuses a checkout that would take the buyer's or the address's unpaid reservations over the cap:
 * one order over the cap is a 400 on `items`, more than the cap across open orders a 429 saying
 * when the oldest hold is released. Runs under lockBuyer, before any stock is taken.
 */
export async function assertHoldAllowed(
  trx: Transaction<Database>,
  buyer: CheckoutBuyer,
  units: number,
  now: Date,
) {
  if (units > HELD_UNITS_CAP) {
    throw new ValidationError(
      {
        items: [
          `One order can reserve at most ${HELD_UNITS_CAP} items. For a larger order, please contact us.`,
        ],
      },
      `One order can reserve at most ${HELD_UNITS_CAP} items.`,
    );
  }
  const mine = await held(trx, 'buyer_key', buyerKey(buyer), now);
  if (mine.units + units > HELD_UNITS_CAP) {
    const minutes = minutesUntil(mine.firstRelease, now);
    throw new RateLimitedError(
      `You already have ${mine.units} items reserved in checkouts that are not paid, and at most ${HELD_UNITS_CAP} can be reserved at once. Finish paying for them, or try again in ${minutes} minutes, when they are released.`,
      minutes * 60,
    );
  }
  const address = await held(trx, 'address_hash', buyer.address, now);
  if (address.units + units > HELD_UNITS_CAP) {
    const minutes = minutesUntil(address.firstRelease, now);
    throw new RateLimitedError(
      `Too many items are reserved from your network in checkouts that are not paid (at most ${HELD_UNITS_CAP} at once). Please try again in ${minutes} minutes.`,
      minutes * 60,
    );
  }
}
