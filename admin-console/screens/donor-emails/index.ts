import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/**
 * Donor emails (/admin/donor-emails; docs/decisions/0022-mass-email.md): the sends with their progress and report,
 * and the compose page at /admin/donor-emails/create?campaignId={id}, which the campaign donations
 * screen links to. No sidebar item (api/contract/console-screens.ts, CONSOLE_SCREENS_OFF_SIDEBAR).
 */
const donorEmails: ConsoleScreen = {
  kind: 'resource',
  name: 'donor-emails',
  list: lazyScreen(() => import('./DonorEmailList')),
  create: lazyScreen(() => import('./DonorEmailCreate')),
};
export default donorEmails;
