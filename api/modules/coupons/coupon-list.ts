import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { containsPattern, defineList } from '../lists/list-spec';

/** The console's coupons (/admin/coupons): every coupon with its state now (active, scheduled, expired...). */

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
