import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { SubscriptionRevenueReport } from '../../contract/subscription-revenue';
import { paidMemberships } from './paid-members';

/**
 * Monthly recurring revenue (docs/decisions/0024-membership.md): the monthly price of every active subscription
 * that will renew; cancelling and grace subscriptions are not counted.
 */
export async function monthlyRecurringRevenueCents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('membership_subscriptions')
    .select(sql<string | null>`sum(amount_cents)`.as('sum'))
    .where('status', '=', 'active')
    .where('cancel_at_period_end', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.sum ?? 0);
}

/**
 * The subscription revenue report (/admin/revenues/subscriptions, docs/decisions/0024-membership.md): MRR now (the
 * core's monthlyRecurringRevenueCents), paid members by status, and for each of the last 12 UTC
 * months the subscriptions started, cancellations taking effect, subscriptions ended and the money
 * collected (succeeded subscription charges recorded in payment_events, each at its subscription's
 * price). The screen and its CSV both come from this one function, so they cannot disagree.
 */
export async function subscriptionRevenue(db: Db, now = new Date()): Promise<SubscriptionRevenueReport> {
  const [mrrCents, statuses, months] = await Promise.all([
    monthlyRecurringRevenueCents(db),
    db
      .selectFrom(paidMemberships(db, now).as('pm'))
      .select(['pm.membership_status', sql<string>`count(*)`.as('n')])
      .groupBy('pm.membership_status')
      .execute(),
    // The months' figures from the daily rollup the subscription and payment triggers keep
    // (docs/decisions/0035-revenue-rollups.md): a started, cancelled or ended subscription and a
    // collected charge each counted on its UTC day, as the raw query counted them.
    sql<{ month: string; started: string; cancelled: string; churned: string; collected: string }>`
      WITH m AS (
        SELECT generate_series(date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC') - interval '11 months',
          date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC'), interval '1 month') AS month
      )
      SELECT to_char(m.month, 'YYYY-MM') AS month,
        coalesce(sum(d.started), 0) AS started, coalesce(sum(d.cancelled), 0) AS cancelled,
        coalesce(sum(d.churned), 0) AS churned, coalesce(sum(d.collected_cents), 0) AS collected
      FROM m LEFT JOIN subscription_revenue_days d
        ON d.day >= m.month::date AND d.day < (m.month + interval '1 month')::date
      GROUP BY m.month ORDER BY m.month`.execute(db),
  ]);
  const byStatus = new Map(statuses.map((r) => [r.membership_status, Number(r.n)]));
  return {
    id: 'last-12-months',
    mrrCents,
    active: byStatus.get('active') ?? 0,
    cancelling: byStatus.get('cancelling') ?? 0,
    grace: byStatus.get('grace') ?? 0,
    months: months.rows.map((r) => ({
      month: r.month,
      started: Number(r.started),
      cancelled: Number(r.cancelled),
      churned: Number(r.churned),
      collectedCents: Number(r.collected),
    })),
  };
}

export const SUBSCRIPTION_REVENUE_CSV_HEADER = ['month', 'new', 'cancelled', 'churned', 'collected'] as const;

/** The report as CSV rows: one per month, then MRR now. */
export function subscriptionRevenueCsvRows(report: SubscriptionRevenueReport): unknown[][] {
  const amount = (cents: number) => (cents / 100).toFixed(2);
  return [
    ...report.months.map((m) => [m.month, m.started, m.cancelled, m.churned, amount(m.collectedCents)]),
    ['mrr', '', '', '', amount(report.mrrCents)],
  ];
}
