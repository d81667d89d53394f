import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Home (/admin): react-admin's dashboard. */
const dashboard: ConsoleScreen = {
  kind: 'dashboard',
  name: '',
  list: lazyScreen(() => import('./Dashboard')),
};
export default dashboard;
