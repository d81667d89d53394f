import { issueCsrfToken } from '../../api/auth/csrf-token';
import { readHeaderAccount } from '../../api/modules/people/header-account';
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
  const counts = await readHeaderAccount(c.get('db'), user.id, { secondFactor: c.get('secondFactor') });
  return {
    csrfToken: issueCsrfToken(c),
    campaignDonationsEnabled: user.candidate ? counts.campaignDonationsEnabled : true,
    unreadMessages: counts.unreadMessages,
    realtime: c.get('realtime').kind,
    onNotificationsPage: c.req.path === '/notifications',
    heatmap: counts.staffPermissions.includes('VIEW_ANALYTICS_HEATMAP'),
  };
}
