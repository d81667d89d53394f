import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { type DayRange, dayStart, daysBetween, rangeId } from '../../contract/day-ranges';
import { type PartnerRevenueReport, vendorCommissionCents } from '../../contract/partner-revenue';

const DAY_MS = 86_400_000;

/** Orders that took money and kept it: a refunded order is no sale (as merchandise revenue counts them). */
export const EARNING_ORDER_STATUSES = [
  'paid',
  'processing',
  'shipped',
  'delivered',
  'return_requested',
  'returned',
] as const;

/**
 * Partner revenue (/admin/revenues/partners, docs/decisions/0031-affiliates-and-partner-revenue.md): sales of vendor-owned products
 * (order lines at the price paid, by the UTC day the order was paid) and the platform's commission
 * on them. The commission is taken per vendor per month, rounded down to the cent, so the monthly
 * statement a vendor gets and this table agree; the daily chart shows the same rule per day.
 */
export async function partnerRevenue(db: Db, range: DayRange): Promise<PartnerRevenueReport> {
  const start = dayStart(range.from);
  const end = new Date(dayStart(range.to).getTime() + DAY_MS);
  const sales = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('p.vendor_id', 'is not', null)
    .where('o.status', 'in', EARNING_ORDER_STATUSES)
    .where('o.paid_at', '>=', start)
    .where('o.paid_at', '<', end);
  const [byDay, byVendorMonth] = await Promise.all([
    sales
      .select([
        sql<string>`to_char(o.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
        sql<string>`sum(i.line_total_cents)`.as('cents'),
      ])
      .groupBy(sql`1`)
      .execute(),
    sales
      .innerJoin('users as u', 'u.id', 'p.vendor_id')
      .select([
        'p.vendor_id',
        sql<string>`coalesce(u.org_name, u.handle, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')))`.as(
          'vendor',
        ),
        sql<string>`to_char(o.paid_at AT TIME ZONE 'UTC', 'YYYY-MM')`.as('month'),
        sql<string>`count(DISTINCT o.id)`.as('orders'),
        sql<string>`sum(i.line_total_cents)`.as('cents'),
      ])
      .groupBy(['p.vendor_id', 'u.org_name', 'u.handle', 'u.first_name', 'u.last_name', sql`3`])
      .orderBy(sql`3`)
      .orderBy(sql`sum(i.line_total_cents)`, 'desc')
      .execute(),
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
  const orders = await sales.select(sql<string>`count(DISTINCT o.id)`.as('n')).executeTakeFirstOrThrow();
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
