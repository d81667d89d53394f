import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/client';

/**
 * Each daily revenue rollup (migrations/0025_revenue_rollups.ts) next to the same figures
 * computed from the raw rows, as the screens computed them before the rollups: per key, as
 * strings of numbers (both drivers agree on text), zero rows left out on both sides.
 */
const EARNING = sql`('paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned')`;
const utc = (column: RawBuilder<unknown>) => sql`(${column} AT TIME ZONE 'UTC')::date::text`;

/** Every affiliate figure from the raw rows, one row per click, commission, reversal or payout. */
const AFFILIATE_FIGURES = sql`
  SELECT day::text AS day, affiliate_id, 1 AS clicks, 0 AS conversions, 0 AS sales, 0 AS earned,
    0 AS reversed, 0 AS paid FROM affiliate_clicks
  UNION ALL
  SELECT ${utc(sql`earned_at`)}, affiliate_id, 0, 1, base_cents, amount_cents, 0, 0 FROM affiliate_commissions
  UNION ALL
  SELECT ${utc(sql`reversed_at`)}, affiliate_id, 0, 0, 0, 0, amount_cents, 0 FROM affiliate_commissions
  WHERE reversed_at IS NOT NULL
  UNION ALL
  SELECT ${utc(sql`created_at`)}, affiliate_id, 0, 0, 0, 0, 0, amount_cents FROM affiliate_payouts`;

const RAW = {
  donation_revenue_days: sql`
    SELECT day, sum(gifts)::text AS gifts, sum(gross)::text AS gross, sum(refunded)::text AS refunded FROM (
      SELECT ${utc(sql`coalesce(paid_at, created_at)`)} AS day, 1 AS gifts, amount_cents AS gross, 0 AS refunded
      FROM donations WHERE status IN ('paid', 'refunded')
      UNION ALL
      SELECT ${utc(sql`refunded_at`)}, 0, 0, amount_cents FROM donations
      WHERE status = 'refunded' AND refunded_at IS NOT NULL) x
    GROUP BY day ORDER BY day`,
  donation_donor_gaps: sql`
    WITH dd AS (
      SELECT DISTINCT donor_id, (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date AS day
      FROM donations WHERE status IN ('paid', 'refunded')
    ), l AS (SELECT day, lag(day) OVER (PARTITION BY donor_id ORDER BY day) AS prev FROM dd)
    SELECT day::text AS day, coalesce(date_trunc('month', prev)::date, '0001-01-01'::date)::text AS prev_month,
      count(*)::text AS donors
    FROM l GROUP BY 1, 2 ORDER BY 1, 2`,
  merchandise_revenue_days: sql`
    SELECT ${utc(sql`paid_at`)} AS day,
      (count(*) FILTER (WHERE status IN ${EARNING}))::text AS orders,
      (coalesce(sum(total_cents) FILTER (WHERE status IN ${EARNING}), 0))::text AS gross,
      (coalesce(sum(discount_cents) FILTER (WHERE status IN ${EARNING}), 0))::text AS discount,
      (coalesce(sum(shipping_cents) FILTER (WHERE status IN ${EARNING}), 0))::text AS shipping,
      (count(*) FILTER (WHERE status = 'refunded'))::text AS refunded_orders,
      (coalesce(sum(total_cents) FILTER (WHERE status = 'refunded'), 0))::text AS refunded,
      (count(*) FILTER (WHERE status IN ('paid', 'processing')))::text AS to_fulfil,
      count(*)::text AS paid_orders
    FROM orders WHERE paid_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
  partner_revenue_days: sql`
    SELECT ${utc(sql`o.paid_at`)} AS day, p.vendor_id::text AS vendor_id,
      count(DISTINCT o.id)::text AS orders, sum(i.line_total_cents)::text AS sales
    FROM order_items i JOIN orders o ON o.id = i.order_id
    JOIN product_variants v ON v.id = i.variant_id JOIN products p ON p.id = v.product_id
    WHERE p.vendor_id IS NOT NULL AND o.status IN ${EARNING} AND o.paid_at IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`,
  partner_order_days: sql`
    SELECT ${utc(sql`o.paid_at`)} AS day, count(DISTINCT o.id)::text AS orders
    FROM order_items i JOIN orders o ON o.id = i.order_id
    JOIN product_variants v ON v.id = i.variant_id JOIN products p ON p.id = v.product_id
    WHERE p.vendor_id IS NOT NULL AND o.status IN ${EARNING} AND o.paid_at IS NOT NULL
    GROUP BY 1 ORDER BY 1`,
  subscription_revenue_days: sql`
    SELECT day, sum(started)::text AS started, sum(cancelled)::text AS cancelled,
      sum(churned)::text AS churned, sum(collected)::text AS collected FROM (
      SELECT ${utc(sql`s.created_at`)} AS day, 1 AS started, 0 AS cancelled, 0 AS churned, 0 AS collected
      FROM membership_subscriptions s
      WHERE s.status IN ('active', 'grace', 'ended') AND s.replaces_id IS NULL
      UNION ALL
      SELECT ${utc(sql`s.current_period_end`)}, 0, 1, 0, 0 FROM membership_subscriptions s
      WHERE s.status IN ('active', 'ended') AND s.cancel_at_period_end AND s.current_period_end IS NOT NULL
      UNION ALL
      SELECT ${utc(sql`s.ended_at`)}, 0, 0, 1, 0 FROM membership_subscriptions s
      WHERE s.status = 'ended' AND s.ended_at IS NOT NULL AND s.id NOT IN (
        SELECT replaces_id FROM membership_subscriptions
        WHERE replaces_id IS NOT NULL AND status IN ('active', 'grace', 'ended'))
      UNION ALL
      SELECT ${utc(sql`e.created_at`)}, 0, 0, 0, s.amount_cents FROM payment_events e
      JOIN membership_subscriptions s ON s.reference = e.payable_reference
      WHERE e.payable_kind = 'subscription' AND e.kind = 'payment.succeeded') x
    GROUP BY day ORDER BY day`,
  affiliate_revenue_days: sql`
    SELECT day, affiliate_id::text AS affiliate_id, sum(clicks)::text AS clicks,
      sum(conversions)::text AS conversions, sum(sales)::text AS sales, sum(earned)::text AS earned,
      sum(reversed)::text AS reversed, sum(paid)::text AS paid
    FROM (${AFFILIATE_FIGURES}) x GROUP BY 1, 2 ORDER BY 1, 2`,
  affiliate_revenue_months: sql`
    SELECT date_trunc('month', day::date)::date::text AS month, affiliate_id::text AS affiliate_id,
      sum(clicks)::text AS clicks, sum(conversions)::text AS conversions, sum(sales)::text AS sales,
      sum(earned)::text AS earned, sum(reversed)::text AS reversed, sum(paid)::text AS paid
    FROM (${AFFILIATE_FIGURES}) x GROUP BY 1, 2 ORDER BY 1, 2`,
  affiliate_revenue_totals: sql`
    SELECT day, sum(clicks)::text AS clicks, sum(conversions)::text AS conversions, sum(sales)::text AS sales,
      sum(earned)::text AS earned, sum(reversed)::text AS reversed, sum(paid)::text AS paid
    FROM (${AFFILIATE_FIGURES}) x GROUP BY 1 ORDER BY 1`,
  affiliate_balances: sql`
    SELECT affiliate_id::text AS affiliate_id, sum(owed)::text AS owed FROM (
      SELECT affiliate_id, amount_cents AS owed FROM affiliate_commissions WHERE reversed_at IS NULL
      UNION ALL
      SELECT affiliate_id, -amount_cents FROM affiliate_payouts) x
    GROUP BY 1 ORDER BY 1`,
} as const;

const ROLLUP: Record<keyof typeof RAW, RawBuilder<Record<string, string>>> = {
  donation_revenue_days: sql`
    SELECT day::text AS day, gifts::text AS gifts, gross_cents::text AS gross, refunded_cents::text AS refunded
    FROM donation_revenue_days ORDER BY day`,
  donation_donor_gaps: sql`
    SELECT day::text AS day, prev_month::text AS prev_month, donors::text AS donors
    FROM donation_donor_gaps ORDER BY 1, 2`,
  merchandise_revenue_days: sql`
    SELECT day::text AS day, orders::text AS orders, gross_cents::text AS gross, discount_cents::text AS discount,
      shipping_cents::text AS shipping, refunded_orders::text AS refunded_orders,
      refunded_cents::text AS refunded, to_fulfil::text AS to_fulfil, paid_orders::text AS paid_orders
    FROM merchandise_revenue_days ORDER BY day`,
  partner_revenue_days: sql`
    SELECT day::text AS day, vendor_id::text AS vendor_id, orders::text AS orders, sales_cents::text AS sales
    FROM partner_revenue_days ORDER BY 1, 2`,
  partner_order_days: sql`SELECT day::text AS day, orders::text AS orders FROM partner_order_days ORDER BY day`,
  subscription_revenue_days: sql`
    SELECT day::text AS day, started::text AS started, cancelled::text AS cancelled, churned::text AS churned,
      collected_cents::text AS collected
    FROM subscription_revenue_days ORDER BY day`,
  affiliate_revenue_days: sql`
    SELECT day::text AS day, affiliate_id::text AS affiliate_id, clicks::text AS clicks,
      conversions::text AS conversions, sales_cents::text AS sales, earned_cents::text AS earned,
      reversed_cents::text AS reversed, paid_cents::text AS paid
    FROM affiliate_revenue_days ORDER BY 1, 2`,
  affiliate_revenue_months: sql`
    SELECT month::text AS month, affiliate_id::text AS affiliate_id, clicks::text AS clicks,
      conversions::text AS conversions, sales_cents::text AS sales, earned_cents::text AS earned,
      reversed_cents::text AS reversed, paid_cents::text AS paid
    FROM affiliate_revenue_months ORDER BY 1, 2`,
  affiliate_revenue_totals: sql`
    SELECT day::text AS day, clicks::text AS clicks, conversions::text AS conversions, sales_cents::text AS sales,
      earned_cents::text AS earned, reversed_cents::text AS reversed, paid_cents::text AS paid
    FROM affiliate_revenue_totals ORDER BY 1`,
  affiliate_balances: sql`
    SELECT affiliate_id::text AS affiliate_id, owed_cents::text AS owed FROM affiliate_balances ORDER BY 1`,
};

export const KEYS = new Set(['day', 'month', 'prev_month', 'vendor_id', 'affiliate_id']);
/** A key whose figures are all zero says nothing (a rollup row may stay at zero after a refund). */
const nonZero = (rows: Record<string, string>[]) =>
  rows.filter((r) => Object.entries(r).some(([k, v]) => !KEYS.has(k) && Number(v) !== 0));

export type RollupName = keyof typeof RAW;
export const ROLLUP_NAMES = Object.keys(RAW) as RollupName[];

/** The rollup's rows and the raw rows' figures for the same keys. */
export async function rollupAndRaw(db: Db, name: RollupName) {
  const [rollup, raw] = await Promise.all([
    (ROLLUP[name] as RawBuilder<Record<string, string>>).execute(db),
    (RAW[name] as RawBuilder<Record<string, string>>).execute(db),
  ]);
  return { rollup: nonZero(rollup.rows), raw: nonZero(raw.rows) };
}

/** Sums a column over rows (totals across days), as a number. */
export const total = (rows: Record<string, string>[], column: string) =>
  rows.reduce((n, r) => n + Number(r[column] ?? 0), 0);
