import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import { createCouponInput, updateCouponInput } from '../../../modules/coupons/schema';
import { createCoupon, updateCoupon } from '../../../modules/coupons/service';
import { oneRecord } from '../../../modules/lists/list-rows';
import { containsPattern, defineList, parseId } from '../../../modules/lists/list-spec';
import { listResponse, readBody } from '../lists/simple-rest';
import type { RestResource } from '../router';

/** Coupons: create, edit, expire (PUT {expire:true}); redemptions are counted by the shop. */
export const COUPON_STATES = ['active', 'scheduled', 'expired', 'inactive', 'used_up'] as const;

const filters = {
  q: z.string().trim().max(32).optional(),
  kind: z.enum(['percent', 'fixed']).optional(),
  state: z.enum(COUPON_STATES).optional(),
};

const state = sql<(typeof COUPON_STATES)[number]>`CASE
  WHEN c.ends_at IS NOT NULL AND c.ends_at <= now() THEN 'expired'
  WHEN NOT c.active THEN 'inactive'
  WHEN c.starts_at IS NOT NULL AND c.starts_at > now() THEN 'scheduled'
  WHEN c.max_redemptions IS NOT NULL AND c.redemptions_count >= c.max_redemptions THEN 'used_up'
  ELSE 'active' END`;

function couponRows(db: Db, filter: { q?: string; kind?: 'percent' | 'fixed'; state?: string }) {
  let query = db
    .selectFrom('coupons as c')
    .select([
      'c.id',
      'c.code',
      'c.kind',
      'c.amount',
      'c.min_subtotal_cents',
      'c.starts_at',
      'c.ends_at',
      'c.max_redemptions',
      'c.redemptions_count',
      'c.active',
      state.as('state'),
      'c.created_at',
      'c.updated_at',
    ]);
  if (filter.q) query = query.where('c.code', 'ilike', containsPattern(filter.q));
  if (filter.kind) query = query.where('c.kind', '=', filter.kind);
  if (filter.state) query = query.where(state, '=', filter.state as never);
  return query;
}

export const couponsSpec = defineList({
  resource: 'coupons',
  sortable: [
    'id',
    'code',
    'kind',
    'amount',
    'state',
    'starts_at',
    'ends_at',
    'redemptions_count',
    'created_at',
  ],
  defaultSort: ['created_at', 'DESC'],
  filters,
  rows: couponRows,
});

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
