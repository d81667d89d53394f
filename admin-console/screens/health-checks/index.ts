import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Health checks (/admin/tests): a page over the health-checks resource that also starts runs. */
const healthChecks: ConsoleScreen = {
  kind: 'route',
  name: 'tests',
  list: lazyScreen(() => import('./Tests')),
};
export default healthChecks;
