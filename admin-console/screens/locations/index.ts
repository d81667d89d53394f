import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Users Location (/admin/users): a page over the user-locations resource, at a path of its own. */
const locations: ConsoleScreen = {
  kind: 'route',
  name: 'users',
  list: lazyScreen(() => import('./UsersLocation')),
};
export default locations;
