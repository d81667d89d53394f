import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** /admin/revenues/partners (VIEW_PARTNER_REVENUE): vendor sales and commission, chart, table and CSV. */
const partnerRevenue: ConsoleScreen = {
  kind: 'route',
  name: 'revenues/partners',
  list: lazyScreen(() => import('./PartnerRevenue')),
};
export default partnerRevenue;
