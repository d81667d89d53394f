import affiliates from './screens/affiliates';
import analytics from './screens/analytics';
import auditLogs from './screens/audit-logs';
import campaignDonations from './screens/campaign-donations';
import coupons from './screens/coupons';
import dashboard from './screens/dashboard';
import donorEmails from './screens/donor-emails';
import employees from './screens/employees';
import featureToggles from './screens/feature-toggles';
import gotv from './screens/gotv';
import healthChecks from './screens/health-checks';
import locations from './screens/locations';
import members from './screens/members';
import merchandise from './screens/merchandise';
import partnerRevenue from './screens/partner-revenue';
import redFlags from './screens/red-flags';
import type { ConsoleScreen } from './screens/screen';
import security from './screens/security';
import subscriptionRevenue from './screens/subscription-revenue';
import supportTickets from './screens/support-tickets';

/**
 * Every console screen, one entry per folder under screens/ (in sidebar order, then the screens
 * off the sidebar), which App.tsx registers. A screen added to api/contract/console-screens.ts needs its folder here:
 * screens/screens.test.ts fails until it has one.
 */
export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  dashboard,
  analytics,
  locations,
  ...employees,
  ...members,
  ...campaignDonations,
  ...merchandise,
  subscriptionRevenue,
  gotv,
  partnerRevenue,
  affiliates,
  coupons,
  security,
  redFlags,
  auditLogs,
  featureToggles,
  healthChecks,
  donorEmails,
  supportTickets,
];
