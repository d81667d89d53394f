import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { ORDER_STATUSES } from '../../../contract/order-statuses';
import { NotFoundError } from '../../../modules/errors';
import { oneRecord } from '../../../modules/lists/list-rows';
import { containsPattern, defineList, parseId } from '../../../modules/lists/list-spec';
import { providerRefundOf, unkeptChargeRefundsOf } from '../../../modules/payments/provider-refunds';
import { fulfilmentInput, moveOrder } from '../../../modules/shop/fulfilment';
import { merchandiseRevenue } from '../../../modules/shop/revenue';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Merchandise orders for staff: the list, one order with its items and timeline, and fulfilment. */
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

async function orderDetail(db: Db, rawId: string) {
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

export const orders: RestResource = {
  name: 'orders',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), ordersSpec),
    getOne: async (c) => c.json(await orderDetail(c.get('db'), c.req.param('id')!)),
    update: async (c) => {
      const id = parseId(ordersSpec, c.req.param('id')!) as number;
      const input = await readBody(c, fulfilmentInput);
      await moveOrder(
        { db: c.get('db'), email: c.get('email'), realtime: c.get('realtime'), jobs: c.get('jobs') },
        id,
        input,
        c.get('actor'),
      );
      return c.json(await orderDetail(c.get('db'), String(id)));
    },
  },
};

/** GET /merchandise-revenue/summary: the revenue screen's key figures. */
export const merchandiseRevenueResource: RestResource = {
  name: 'merchandise-revenue',
  handlers: {
    getOne: async (c) => {
      if (c.req.param('id') !== 'summary')
        throw new NotFoundError('Merchandise revenue has one record: summary.');
      return c.json(await merchandiseRevenue(c.get('db')));
    },
  },
};
