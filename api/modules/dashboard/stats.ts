import type { Db } from '../../../db/client';
import type { DashboardSummary } from '../../contract/dashboard';
import { paidMemberCount } from '../membership/paid-members';
import { openRedFlagCount } from '../red-flags/raise';
import { orderCounts } from '../shop/order-counts';
import { newMembersLast30Days, signupsByMonth, userTotals } from './member-counts';

/** The key figures of the console's home screen, in a handful of aggregate queries. */
export async function dashboardSummary(db: Db): Promise<DashboardSummary> {
  // Member figures come from counters kept by trigger (./member-counts.ts), not from users.
  const [totals, recent, redFlags, months, orders, paidMembers] = await Promise.all([
    userTotals(db),
    newMembersLast30Days(db),
    openRedFlagCount(db),
    signupsByMonth(db),
    // Counts only: revenue figures stay on the Merchandise screen (VIEW_MERCHANDISE_REVENUE).
    orderCounts(db),
    // Members whose subscription grants its tier now (docs/decisions/0024-membership.md).
    paidMemberCount(db),
  ]);
  return {
    id: 'summary',
    members: totals.members,
    organizations: totals.organizations,
    candidates: totals.candidates,
    staff: totals.staff,
    paidMembers,
    newMembersLast30Days: recent,
    blockedAccounts: totals.blocked,
    openRedFlags: redFlags,
    signupsByMonth: months,
    ordersLast30Days: orders.recent,
    ordersToFulfil: orders.toFulfil,
    notYetAvailable: [],
  };
}
