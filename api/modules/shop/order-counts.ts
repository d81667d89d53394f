import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { dayStart, utcDay } from '../../contract/day-ranges';

const DAY_MS = 86_400_000;

/**
 * The console home's order counts: orders paid in the last 30 days (any status since) and orders
 * waiting for fulfilment, from the merchandise rollup (docs/decisions/0035-revenue-rollups.md) plus
 * the orders paid since the instant 30 days ago up to the next midnight, so a million orders are
 * never counted row by row.
 */
export async function orderCounts(db: Db, now = new Date()): Promise<{ recent: number; toFulfil: number }> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const firstWholeDay = utcDay(new Date(dayStart(utcDay(since)).getTime() + DAY_MS));
  const [days, edge] = await Promise.all([
    db
      .selectFrom('merchandise_revenue_days')
      .select([
        sql<string>`coalesce(sum(paid_orders) FILTER (WHERE day >= ${firstWholeDay}), 0)`.as('recent'),
        sql<string>`coalesce(sum(to_fulfil), 0)`.as('to_fulfil'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select(sql<string>`count(*)`.as('n'))
      .where('paid_at', '>', since)
      .where('paid_at', '<', dayStart(firstWholeDay))
      .executeTakeFirstOrThrow(),
  ]);
  return { recent: Number(days.recent) + Number(edge.n), toFulfil: Number(days.to_fulfil) };
}
