import type { Context } from 'hono';
import type { DayRange } from '../../../api/contract/day-ranges';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { givingBySource } from '../../../api/modules/campaign-dashboard/by-source';
import { listCampaigns } from '../../../api/modules/campaign-dashboard/campaigns';
import { electionDates } from '../../../api/modules/campaign-dashboard/elections';
import { recurringTruth } from '../../../api/modules/campaign-dashboard/recurring-truth';
import { refundSummary } from '../../../api/modules/campaign-dashboard/refunds';
import {
  dashboardTotals,
  giftsByDay,
  recentGifts,
  topDonors,
} from '../../../api/modules/campaign-dashboard/stats';
import { candidatePitch } from '../../../api/modules/donations/giving-pitch';
import { campaignTimeZone } from '../../../api/modules/fec-reports/committee';
import { deadlineCalendar } from '../../../api/modules/fec-reports/deadline-calendar';
import { openNotices } from '../../../api/modules/fec-reports/forty-eight-hour-notices';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';

/** Awaits every read of `reads` at once, keeping each under its name. */
async function allOf<T extends Record<string, unknown>>(
  reads: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const values = await Promise.all(Object.values(reads));
  return Object.fromEntries(Object.keys(reads).map((key, i) => [key, values[i]])) as {
    [K in keyof T]: Awaited<T[K]>;
  };
}

/** What the dashboard shows, read at once. */
export async function dashboardData(c: Context<AppEnv>, candidate: SessionUser, range: DayRange) {
  const db = c.get('db');
  const id = candidate.id;
  // The chart over time and the top donors are analytics, a paid entitlement ("Added 2026-11-23",
  // docs/decisions/0024-membership.md): on Free they are not even queried. Totals, gifts and the CSV stay.
  const { entitlements, zone } = await allOf({
    entitlements: entitlementsOf(db, id),
    zone: campaignTimeZone(db, id),
  });
  const analytics = entitlements.dashboardAnalytics;
  return allOf({
    zone,
    totals: dashboardTotals(db, id),
    refunds: refundSummary(db, id),
    days: analytics ? giftsByDay(db, id, range, zone) : null,
    donors: analytics ? topDonors(db, id) : null,
    recent: recentGifts(db, id),
    elections: electionDates(db, id),
    campaigns: listCampaigns(db, id),
    sources: givingBySource(db, id),
    pitch: candidatePitch(db, id),
    truth: recurringTruth(db, id),
    calendar: deadlineCalendar(db, id),
    notices: openNotices(db, id),
  });
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;
