import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Analytics (/admin/analytics): one page over several report resources (analytics-traffic, ...). */
const analytics: ConsoleScreen = {
  kind: 'route',
  name: 'analytics',
  list: lazyScreen(() => import('./Analytics')),
};
export default analytics;
