import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client';
import { loadOrder } from './lookup';

/** Who is looking at an order's result page: the signed-in member and the browser's checkout cookie. */
export interface OrderViewer {
  userId: number | null;
  /** checkoutBrowserHash() of the request's cookie, or null without one. */
  browserHash: string | null;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The order behind /ordersuccess and /orderfailed, only for whoever placed it: the signed-in
 * owner, or the browser that started its checkout (docs/decisions/0016-checkout-guards.md). Anyone else gets null,
 * exactly as for a number that does not exist, so the pages show nothing of someone else's order.
 */
export async function loadOrderForViewer(db: Db, number: string, viewer: OrderViewer) {
  const order = await loadOrder(db, number.trim().toUpperCase());
  if (!order) return null;
  if (viewer.userId !== null && order.user_id === viewer.userId) return order;
  if (!viewer.browserHash) return null;
  const checkout = await db
    .selectFrom('order_checkouts')
    .select('browser_hash')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  return checkout && sameHash(checkout.browser_hash, viewer.browserHash) ? order : null;
}
