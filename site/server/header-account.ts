import { issueCsrfToken } from '../../api/auth/csrf-token';
import { FEATURES } from '../../api/contract/feature-names';
import { isFeatureEnabled } from '../../api/modules/feature-toggles/service';
import { unreadMessageCount } from '../../api/modules/messaging/service';
import { loadStaffAccess } from '../../api/modules/staff/access';
import type { PageContext } from './page';

/** What the header's account area needs from the server besides the session user. */
export interface HeaderAccountData {
  /** For the Log Out form, so it works before (or without) JavaScript. */
  csrfToken: string;
  /** Initial data of the avatar menu's feature-access query; only candidates look it up. */
  campaignDonationsEnabled: boolean;
  /** The message badge's initial count (docs/product/spec.md §4). */
  unreadMessages: number;
  /** Which realtime client the header's islands start. */
  realtime: 'local' | 'ably';
  /** The notification popover is not shown on /notifications itself. */
  onNotificationsPage: boolean;
  /** Staff with VIEW_ANALYTICS_HEATMAP get the click heatmap overlay (docs/product/spec.md §2). */
  heatmap: boolean;
}

export async function loadHeaderAccount(c: PageContext): Promise<HeaderAccountData | null> {
  const user = c.get('user');
  if (!user) return null;
  const known = c.get('sessionHeader');
  if (known) {
    // Read with the session in the same query (api/middleware/session.ts): no further round trip.
    return {
      csrfToken: issueCsrfToken(c),
      campaignDonationsEnabled: user.candidate ? known.campaignDonationsEnabled : true,
      unreadMessages: user.vendor ? 0 : known.unreadMessages,
      realtime: c.get('realtime').kind,
      onNotificationsPage: c.req.path === '/notifications',
      heatmap: user.admin ? (known.staffPermissions?.includes('VIEW_ANALYTICS_HEATMAP') ?? false) : false,
    };
  }
  return {
    csrfToken: issueCsrfToken(c),
    campaignDonationsEnabled: user.candidate
      ? await isFeatureEnabled(c.get('db'), FEATURES.campaignDonations)
      : true,
    unreadMessages: user.vendor ? 0 : await unreadMessageCount(c.get('db'), user.id),
    realtime: c.get('realtime').kind,
    onNotificationsPage: c.req.path === '/notifications',
    heatmap: user.admin
      ? ((
          await loadStaffAccess(c.get('db'), user.id, { secondFactor: c.get('secondFactor') })
        )?.permissions.includes('VIEW_ANALYTICS_HEATMAP') ?? false)
      : false,
  };
}
