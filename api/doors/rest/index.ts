import { REST_ACCESS } from './access';
import { affiliatePayouts, affiliateReportResource } from './resources/affiliates';
import { analyticsClickTrouble, analyticsPageViews, analyticsTraffic } from './resources/analytics';
import { announcements } from './resources/announcements';
import { auditLogs } from './resources/audit-logs';
import { coupons } from './resources/coupons';
import { dashboard } from './resources/dashboard';
import {
  donationCampaigns,
  donationCandidates,
  donationRefunds,
  donationRevenueResource,
  donations,
} from './resources/donations';
import { donorEmailCampaigns, donorEmailPreviews, donorEmails } from './resources/donor-emails';
import { employeePermissions } from './resources/employee-permissions';
import { employees, employeeTwoFactorResets } from './resources/employees';
import { events } from './resources/events';
import { failedSignInResources } from './resources/failed-sign-ins';
import { featureToggles } from './resources/feature-toggles';
import {
  gotvCandidates,
  gotvEmailPreviews,
  gotvEvents,
  gotvSegmentSizes,
  massEmails,
} from './resources/gotv-emails';
import { healthChecks } from './resources/health-checks';
import { ipBlocks } from './resources/ip-blocks';
import { memberResources } from './resources/members';
import { merchandiseRevenueResource, orders } from './resources/orders';
import { partnerRevenueResource } from './resources/partner-revenue';
import { jobRetries, jobs } from './resources/queue-jobs';
import { redFlags } from './resources/red-flags';
import { signInAttempts } from './resources/sign-in-attempts';
import { subscriptionRevenueResource } from './resources/subscription-revenue';
import { supportTicketMessages, supportTickets } from './resources/support-tickets';
import { userBlocks } from './resources/user-blocks';
import { userLocations } from './resources/user-locations';
import { createRestApi, type RestResource } from './router';

/** Every resource the console reads and writes, mounted at /api/admin/rest. */
export const REST_RESOURCES: readonly RestResource[] = [
  dashboard,
  userLocations,
  analyticsTraffic,
  analyticsPageViews,
  analyticsClickTrouble,
  employees,
  employeePermissions,
  employeeTwoFactorResets,
  ...memberResources,
  userBlocks,
  ipBlocks,
  signInAttempts,
  ...failedSignInResources,
  redFlags,
  events,
  auditLogs,
  featureToggles,
  healthChecks,
  jobs,
  jobRetries,
  coupons,
  orders,
  merchandiseRevenueResource,
  announcements,
  donorEmails,
  donorEmailPreviews,
  donorEmailCampaigns,
  massEmails,
  gotvSegmentSizes,
  gotvEmailPreviews,
  gotvCandidates,
  gotvEvents,
  donationCandidates,
  donationCampaigns,
  donations,
  donationRefunds,
  donationRevenueResource,
  subscriptionRevenueResource,
  supportTickets,
  supportTicketMessages,
  partnerRevenueResource,
  affiliateReportResource,
  affiliatePayouts,
];

const served = new Set(REST_RESOURCES.map((r) => r.name));
const unserved = Object.keys(REST_ACCESS).filter((name) => !served.has(name as never));
if (unserved.length > 0) throw new Error(`REST_ACCESS lists resources nobody serves: ${unserved.join(', ')}`);

export function createAdminRestApi() {
  return createRestApi(REST_RESOURCES);
}

export { REST_BASE } from './router';
