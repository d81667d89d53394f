import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { MemberOrderSummary } from '../../contract/shop-views';
import { NotFoundError } from '../errors';
import { loadOrder } from './lookup';

/** The orders a member placed while signed in, newest first (abandoned payments left out). */
export async function listMemberOrders(db: Db, userId: number, limit = 50): Promise<MemberOrderSummary[]> {
  return memberOrderSummaries(await memberOrdersQuery(db, userId, limit).execute());
}

/** The query behind listMemberOrders, for pages that read it with others in one statement. */
export function memberOrdersQuery(db: Db, userId: number, limit = 50) {
  return db
    .selectFrom('orders as o')
    .select([
      'o.number',
      'o.status',
      'o.total_cents',
      'o.created_at',
      sql<number>`(SELECT coalesce(sum(quantity), 0)::int FROM order_items i WHERE i.order_id = o.id)`.as(
        'item_count',
      ),
    ])
    .where('o.user_id', '=', userId)
    .where('o.status', '!=', 'pending_payment')
    .orderBy('o.created_at', 'desc')
    .limit(limit);
}

/** Rows of memberOrdersQuery as summaries; read as JSON, the time arrives as a string. */
export function memberOrderSummaries(
  rows: {
    number: string;
    status: string;
    total_cents: number;
    created_at: Date | string;
    item_count: number | null;
  }[],
): MemberOrderSummary[] {
  return rows.map((r) => ({
    number: r.number,
    status: r.status,
    totalCents: Number(r.total_cents),
    itemCount: Number(r.item_count ?? 0),
    placedAt: new Date(r.created_at),
  }));
}

/**
 * One of the member's own orders by number, without the email step of /order-status. Another
 * member's order (or none) answers the same not-found, so numbers cannot be probed this way.
 */
export async function memberOrder(db: Db, userId: number, number: string) {
  const order = await loadOrder(db, number.trim().toUpperCase());
  if (!order || order.user_id !== userId) throw new NotFoundError('You have no order with that number.');
  const { payment_token: _token, user_id: _user, ...visible } = order;
  return visible;
}
