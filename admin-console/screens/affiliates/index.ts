import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** /admin/affiliates (VIEW_AFFILIATES): the program's figures, each affiliate's balance and payouts. */
const affiliates: ConsoleScreen = {
  kind: 'route',
  name: 'affiliates',
  list: lazyScreen(() => import('./AffiliatesReport')),
};
export default affiliates;
