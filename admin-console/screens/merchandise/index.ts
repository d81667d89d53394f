import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Merchandise revenue (/admin/revenues/merchandise): the report and its order list. */
export const merchandiseRevenue: ConsoleScreen = {
  kind: 'route',
  name: 'revenues/merchandise',
  list: lazyScreen(() => import('./MerchandiseRevenue')),
};

/** One order, opened from that list: its path extends the report's, so it needs the same permission. */
export const orderFulfilment: ConsoleScreen = {
  kind: 'route',
  name: 'revenues/merchandise/:id',
  list: lazyScreen(() => import('./OrderFulfilment')),
};

const merchandise: readonly ConsoleScreen[] = [merchandiseRevenue, orderFulfilment];
export default merchandise;
