import { lazy } from 'react';
import type { ConsoleScreen } from '../screen';

/** Analytics (/admin/analytics): one page over several report resources (analytics-traffic, ...). */
const analytics: ConsoleScreen = {
  kind: 'route',
  name: 'analytics',
  list: lazy(() => import('./Analytics')),
};
export default analytics;
