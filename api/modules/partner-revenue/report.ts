import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { type DayRange, daysBetween, rangeId } from '../../contract/day-ranges';
import { type PartnerRevenueReport, vendorCommissionCents } from '../../contract/partner-revenue';

/**
 * Partner revenue (/admin/revenues/partners, docs/decisions/0031-affiliates-and-partner-revenue.md): sales of vendor-owned products
 * (order lines at the price paid, by the UTC day the order was paid) and the platform's commission
 * on them. The commission is taken per vendor per month, rounded down to the cent, so the monthly
 * statement a vendor gets and this table agree; the daily chart shows the same rule per day.
 * Read from the daily rollups the orders and order lines' triggers keep (per day and vendor, and
 * the distinct orders per day: docs/decisions/0035-revenue-rollups.md).
 */
export async function partnerRevenue(db: Db, range: DayRange): Promise<PartnerRevenueReport> {
  const inRange = db
    .selectFrom('partner_revenue_days as d')
    .where('d.day', '>=', range.from)
    .where('d.day', '<=', range.to);
  const [byDay, byVendorMonth, orders] = await Promise.all([
    inRange
      .select([sql<string>`d.day::text`.as('day'), sql<string>`sum(d.sales_cents)`.as('cents')])
      .groupBy('d.day')
      .execute(),
    inRange
      .innerJoin('users as u', 'u.id', 'd.vendor_id')
      .select([
        'd.vendor_id',
        sql<string>`coalesce(u.org_name, u.handle, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')))`.as(
          'vendor',
        ),
        sql<string>`to_char(d.day, 'YYYY-MM')`.as('month'),
        sql<string>`sum(d.orders)`.as('orders'),
        sql<string>`sum(d.sales_cents)`.as('cents'),
      ])
      .groupBy(['d.vendor_id', 'u.org_name', 'u.handle', 'u.first_name', 'u.last_name', sql`3`])
      // A day row stays (at zero) when its only sale was refunded: no sale, no table row.
      .having(sql`sum(d.orders)`, '>', 0)
      .orderBy(sql`3`)
      .orderBy(sql`sum(d.sales_cents)`, 'desc')
      .execute(),
    db
      .selectFrom('partner_order_days')
      .select(sql<string>`coalesce(sum(orders), 0)`.as('n'))
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .executeTakeFirstOrThrow(),
  ]);
  const daily = new Map(byDay.map((r) => [r.day, Number(r.cents)]));
  const days = daysBetween(range.from, range.to).map((day) => {
    const salesCents = daily.get(day) ?? 0;
    return { day, salesCents, commissionCents: vendorCommissionCents(salesCents) };
  });
  const vendorMonths = byVendorMonth.map((r) => ({
    vendorId: Number(r.vendor_id),
    vendor: r.vendor,
    month: r.month,
    orders: Number(r.orders),
    salesCents: Number(r.cents),
    commissionCents: vendorCommissionCents(Number(r.cents)),
  }));
  return {
    id: rangeId(range),
    from: range.from,
    to: range.to,
    totals: {
      orders: Number(orders.n),
      salesCents: vendorMonths.reduce((n, v) => n + v.salesCents, 0),
      commissionCents: vendorMonths.reduce((n, v) => n + v.commissionCents, 0),
      vendors: new Set(vendorMonths.map((v) => v.vendorId)).size,
    },
    days,
    vendorMonths,
  };
}

export const PARTNER_CSV_HEADER = ['month', 'vendor', 'orders', 'sales', 'commission'] as const;

/** The report as CSV: one row per vendor per month, then the totals, as the screen's table shows. */
export function partnerCsvRows(report: PartnerRevenueReport): unknown[][] {
  const amount = (cents: number) => (cents / 100).toFixed(2);
  return [
    ...report.vendorMonths.map((v) => [
      v.month,
      v.vendor,
      v.orders,
      amount(v.salesCents),
      amount(v.commissionCents),
    ]),
    [
      'total',
      `${report.totals.vendors} vendors`,
      report.totals.orders,
      amount(report.totals.salesCents),
      amount(report.totals.commissionCents),
    ],
  ];
}
