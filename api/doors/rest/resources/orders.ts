import { NotFoundError } from '../../../modules/errors';
import { parseId } from '../../../modules/lists/list-spec';
import { fulfilmentInput, moveOrder } from '../../../modules/shop/fulfilment';
import { orderDetail, ordersSpec } from '../../../modules/shop/order-list';
import { merchandiseRevenue } from '../../../modules/shop/revenue';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Merchandise orders for staff: the list, one order with its items and timeline, and fulfilment. */
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
