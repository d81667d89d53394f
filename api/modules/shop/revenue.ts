import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { dayStart, utcDay } from '../../contract/day-ranges';
import type { MerchandiseRevenue } from '../../contract/shop-views';

const DAY_MS = 86_400_000;

/** Orders that took money and kept it (refunded ones gave it back). */
const EARNING = ['paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned'] as const;

/**
 * The merchandise revenue screen's figures, from the daily rollup the orders table's triggers keep
 * (orders by the UTC day paid, docs/decisions/0035-revenue-rollups.md). "Last 30 days" starts at
 * an instant, not a midnight: the whole days after it come from the rollup, the part of its first
 * day from the orders paid since that instant (an index range of at most one day).
 */
export async function merchandiseRevenue(db: Db, now = new Date()): Promise<MerchandiseRevenue> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const firstWholeDay = utcDay(new Date(dayStart(utcDay(since)).getTime() + DAY_MS));
  const [totals, recentDays, recentEdge, byMonth] = await Promise.all([
    db
      .selectFrom('merchandise_revenue_days')
      .select([
        sql<string>`coalesce(sum(orders), 0)`.as('orders_paid'),
        sql<string>`coalesce(sum(gross_cents), 0)`.as('gross'),
        sql<string>`coalesce(sum(discount_cents), 0)`.as('discount'),
        sql<string>`coalesce(sum(shipping_cents), 0)`.as('shipping'),
        sql<string>`coalesce(sum(refunded_cents), 0)`.as('refunded'),
        sql<string>`coalesce(sum(to_fulfil), 0)`.as('to_fulfil'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('merchandise_revenue_days')
      .select([
        sql<string>`coalesce(sum(orders), 0)`.as('orders'),
        sql<string>`coalesce(sum(gross_cents), 0)`.as('gross'),
      ])
      .where('day', '>=', firstWholeDay)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select([sql<string>`count(*)`.as('orders'), sql<string>`coalesce(sum(total_cents), 0)`.as('gross')])
      .where('status', 'in', EARNING)
      .where('paid_at', '>=', since)
      .where('paid_at', '<', dayStart(firstWholeDay))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('merchandise_revenue_days')
      .select([
        sql<string>`to_char(day, 'YYYY-MM')`.as('month'),
        sql<string>`sum(orders)`.as('orders'),
        sql<string>`sum(gross_cents)`.as('gross'),
      ])
      .groupBy(sql`1`)
      .having(sql`sum(orders)`, '>', 0)
      .orderBy(sql`1`, 'desc')
      .limit(12)
      .execute(),
  ]);
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
    last30Days: {
      grossCents: Number(recentDays.gross) + Number(recentEdge.gross),
      orders: Number(recentDays.orders) + Number(recentEdge.orders),
    },
    byMonth: byMonth
      .map((m) => ({ month: m.month, orders: Number(m.orders), grossCents: Number(m.gross) }))
      .reverse(),
  };
}
