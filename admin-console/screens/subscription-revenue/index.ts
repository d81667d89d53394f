import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** /admin/revenues/subscriptions (VIEW_SUBSCRIPTION_REVENUE): MRR, months, chart and the matching CSV. */
const subscriptionRevenue: ConsoleScreen = {
  kind: 'route',
  name: 'revenues/subscriptions',
  list: lazyScreen(() => import('./SubscriptionRevenue')),
};
export default subscriptionRevenue;
