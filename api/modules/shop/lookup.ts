import type { Db } from '../../../db/client';
import { NotFoundError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';

export const LOOKUP_MISS = 'We could not find an order with that number and email address.';

/** Every order number we issue (checkout.ts) and the demo seed writes (api/seed/demo-orders.ts): anything else names no order. */
const ORDER_NUMBER = /^CHQ-[A-Z0-9]{1,32}$/;

export async function loadOrder(db: Db, number: string) {
  // Checked before the query: a number from a URL may carry text PostgreSQL refuses (a NUL byte).
  if (!ORDER_NUMBER.test(number)) return null;
  const order = await db.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirst();
  if (!order) return null;
  const [items, timeline] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db
      .selectFrom('order_status_events')
      .select(['status', 'note', 'created_at'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
  ]);
  return { ...order, items, timeline };
}

/**
 * Order number + email, rate limited per address. A wrong number and a wrong email get the same
 * answer, so the form cannot be used to discover orders.
 */
export async function lookupOrder(db: Db, ip: string, number: string, email: string) {
  await hitRateLimit(db, { name: 'order-lookup', limit: 10, windowSeconds: 600 }, ip);
  const order = await loadOrder(db, number.trim().toUpperCase());
  if (!order || order.email !== email.trim().toLowerCase()) throw new NotFoundError(LOOKUP_MISS);
  const { payment_token: _token, user_id: _user, ...visible } = order;
  return visible;
}
