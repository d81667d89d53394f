import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Campaign donations (docs/decisions/0023-campaign-dashboard-and-refunds.md): campaigns and gifts, one gift with its refund, and the revenue report. */
export const campaignDonations: ConsoleScreen = {
  kind: 'route',
  name: 'campaign-donations',
  list: lazyScreen(() => import('./CampaignDonations')),
};

/** One gift, opened from the list: its path extends the list's, so it needs the same permission. */
export const giftDetail: ConsoleScreen = {
  kind: 'route',
  name: 'campaign-donations/:id',
  list: lazyScreen(() => import('./GiftDetail')),
};

/** /admin/revenues/donations: a date range, totals, a chart by day and the matching CSV. */
export const donationRevenue: ConsoleScreen = {
  kind: 'route',
  name: 'revenues/donations',
  list: lazyScreen(() => import('./DonationRevenue')),
};

const screens: readonly ConsoleScreen[] = [campaignDonations, giftDetail, donationRevenue];
export default screens;
