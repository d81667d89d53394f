import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { MerchandiseRevenue } from '../../contract/shop-views';

/** docs/product/decisions.md, Shop: the platform's commission on vendor sales ("partner revenue"). */
export const VENDOR_COMMISSION = 0.15;

/** Orders that took money and kept it (refunded ones gave it back). */
const EARNING = ['paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned'] as const;

/** The merchandise revenue screen's figures, straight from the orders table. */
export async function merchandiseRevenue(db: Db, now = new Date()): Promise<MerchandiseRevenue> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const totals = await db
    .selectFrom('orders')
    .select([
      sql<string>`count(*) FILTER (WHERE status IN (${sql.join(EARNING)}))`.as('orders_paid'),
      sql<string>`coalesce(sum(total_cents) FILTER (WHERE status IN (${sql.join(EARNING)})), 0)`.as('gross'),
      sql<string>`coalesce(sum(discount_cents) FILTER (WHERE status IN (${sql.join(EARNING)})), 0)`.as(
        'discount',
      ),
      sql<string>`coalesce(sum(shipping_cents) FILTER (WHERE status IN (${sql.join(EARNING)})), 0)`.as(
        'shipping',
      ),
      sql<string>`coalesce(sum(total_cents) FILTER (WHERE status = 'refunded'), 0)`.as('refunded'),
      sql<string>`count(*) FILTER (WHERE status IN ('paid', 'processing'))`.as('to_fulfil'),
      sql<string>`count(*) FILTER (WHERE status IN (${sql.join(EARNING)}) AND paid_at >= ${since})`.as(
        'recent_orders',
      ),
      sql<string>`coalesce(sum(total_cents) FILTER (WHERE status IN (${sql.join(EARNING)}) AND paid_at >= ${since}), 0)`.as(
        'recent_gross',
      ),
    ])
    .executeTakeFirstOrThrow();
  const byMonth = await db
    .selectFrom('orders')
    .select([
      sql<string>`to_char(date_trunc('month', paid_at), 'YYYY-MM')`.as('month'),
      sql<string>`count(*)`.as('orders'),
      sql<string>`sum(total_cents)`.as('gross'),
    ])
    .where('status', 'in', EARNING)
    .where('paid_at', 'is not', null)
    .groupBy(sql`1`)
    .orderBy(sql`1`, 'desc')
    .limit(12)
    .execute();
  const ordersPaid = Number(totals.orders_paid);
  const grossCents = Number(totals.gross);
  return {
    id: 'summary',
    ordersPaid,
    grossCents,
    discountCents: Number(totals.discount),
    shippingCents: Number(totals.shipping),
    refundedCents: Number(totals.refunded),
    averageOrderCents: ordersPaid ? Math.round(grossCents / ordersPaid) : 0,
    toFulfil: Number(totals.to_fulfil),
    last30Days: { grossCents: Number(totals.recent_gross), orders: Number(totals.recent_orders) },
    byMonth: byMonth
      .map((m) => ({ month: m.month, orders: Number(m.orders), grossCents: Number(m.gross) }))
      .reverse(),
  };
}
