import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { DashboardSummary } from '../../contract/dashboard';
import { paidMemberCount } from '../membership/paid-members';

/** The key figures of the console's home screen, in a handful of aggregate queries. */
export async function dashboardSummary(db: Db): Promise<DashboardSummary> {
  const [totals, redFlags, months, orders, paidMembers] = await Promise.all([
    db
      .selectFrom('users')
      .select([
        sql<number>`count(*) FILTER (WHERE NOT is_admin)::int`.as('members'),
        sql<number>`count(*) FILTER (WHERE kind = 'organization')::int`.as('organizations'),
        sql<number>`count(*) FILTER (WHERE is_candidate)::int`.as('candidates'),
        sql<number>`count(*) FILTER (WHERE is_admin)::int`.as('staff'),
        sql<number>`count(*) FILTER (WHERE NOT is_admin AND created_at > now() - interval '30 days')::int`.as(
          'recent',
        ),
        sql<number>`count(*) FILTER (WHERE blocked_at IS NOT NULL)::int`.as('blocked'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('red_flags')
      .select(sql<number>`count(*)::int`.as('open'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
    sql<{ month: string; count: number }>`
      SELECT to_char(m.month, 'YYYY-MM') AS month, count(u.id)::int AS count
      FROM generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') AS m(month)
      LEFT JOIN users u ON NOT u.is_admin AND date_trunc('month', u.created_at) = m.month
      GROUP BY m.month ORDER BY m.month`.execute(db),
    // Counts only: revenue figures stay on the Merchandise screen (VIEW_MERCHANDISE_REVENUE).
    db
      .selectFrom('orders')
      .select([
        sql<number>`count(*) FILTER (WHERE paid_at > now() - interval '30 days')::int`.as('recent'),
        sql<number>`count(*) FILTER (WHERE status IN ('paid', 'processing'))::int`.as('to_fulfil'),
      ])
      .executeTakeFirstOrThrow(),
    // Members whose subscription grants its tier now (docs/decisions/0024-membership.md).
    paidMemberCount(db),
  ]);
  return {
    id: 'summary',
    members: Number(totals.members),
    organizations: Number(totals.organizations),
    candidates: Number(totals.candidates),
    staff: Number(totals.staff),
    paidMembers,
    newMembersLast30Days: Number(totals.recent),
    blockedAccounts: Number(totals.blocked),
    openRedFlags: Number(redFlags.open),
    signupsByMonth: months.rows.map((r) => ({ month: r.month, count: Number(r.count) })),
    ordersLast30Days: Number(orders.recent),
    ordersToFulfil: Number(orders.to_fulfil),
    notYetAvailable: [],
  };
}
