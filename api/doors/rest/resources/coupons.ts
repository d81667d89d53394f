import { couponsSpec } from '../../../modules/coupons/coupon-list';
import { createCouponInput, updateCouponInput } from '../../../modules/coupons/schema';
import { createCoupon, updateCoupon } from '../../../modules/coupons/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { parseId } from '../../../modules/lists/list-spec';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Coupons: create, edit, expire (PUT {expire:true}); redemptions are counted by the shop. */
export const coupons: RestResource = {
  name: 'coupons',
  handlers: {
    list: (c) => listResponse(c, c.get('db'), couponsSpec),
    getOne: async (c) => c.json(await oneRecord(c.get('db'), couponsSpec, c.req.param('id')!)),
    create: async (c) => {
      const row = await createCoupon(c.get('db'), await readBody(c, createCouponInput), c.get('actor'));
      return c.json(await oneRecord(c.get('db'), couponsSpec, String(row.id)), 201);
    },
    update: async (c) => {
      const id = parseId(couponsSpec, c.req.param('id')!) as number;
      await updateCoupon(c.get('db'), id, await readBody(c, updateCouponInput), c.get('actor'));
      return c.json(await oneRecord(c.get('db'), couponsSpec, String(id)));
    },
  },
};
