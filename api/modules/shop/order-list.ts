import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ORDER_STATUSES } from '../../contract/order-statuses';
import { oneRecord } from '../lists/list-rows';
import { containsPattern, defineList } from '../lists/list-spec';
import { providerRefundOf, unkeptChargeRefundsOf } from '../payments/provider-refunds';

/** The console's merchandise orders (the Merchandise screen): the list, and one order with its items and timeline. */

const filters = {
  status: z.enum(ORDER_STATUSES).optional(),
  // Order number or buyer email, partly typed.
  q: z.string().trim().max(120).optional(),
};

function orderRows(db: Db, filter: { status?: string; q?: string }) {
  let query = db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.number',
      'o.email',
      'o.user_id',
      'o.status',
      'o.status_reason',
      'o.subtotal_cents',
      'o.discount_cents',
      'o.shipping_cents',
      'o.total_cents',
      'o.shipping_option',
      sql<string>`o.address->>'name'`.as('ship_to'),
      sql<string>`o.address->>'state'`.as('ship_state'),
      sql<number>`(SELECT coalesce(sum(quantity), 0)::int FROM order_items i WHERE i.order_id = o.id)`.as(
        'item_count',
      ),
      'o.paid_at',
      'o.created_at',
      'o.updated_at',
    ]);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) => eb.or([eb('o.number', 'ilike', pattern), eb('o.email', 'ilike', pattern)]));
  }
  return query;
}

export const ordersSpec = defineList({
  resource: 'orders',
  sortable: ['id', 'number', 'status', 'total_cents', 'created_at', 'paid_at', 'updated_at'],
  defaultSort: ['created_at', 'DESC'],
  filters,
  rows: orderRows,
});

/** One order as the console's detail shows it: its row, items, timeline, address and refunds. */
export async function orderDetail(db: Db, rawId: string) {
  const order = await oneRecord(db, ordersSpec, rawId);
  const [items, timeline, address] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['id', 'title', 'size', 'color', 'quantity', 'unit_price_cents', 'line_total_cents'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('order_status_events')
      .select(['id', 'status', 'note', 'created_at'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute(),
    db.selectFrom('orders').select('address').where('id', '=', order.id).executeTakeFirstOrThrow(),
  ]);
  const payable = { kind: 'order', reference: order.number };
  const [refund, givenBack] = await Promise.all([
    providerRefundOf(db, payable),
    unkeptChargeRefundsOf(db, payable),
  ]);
  return {
    ...order,
    address: address.address,
    items,
    timeline,
    provider_refund: refund ?? null,
    charges_given_back: givenBack,
  };
}
