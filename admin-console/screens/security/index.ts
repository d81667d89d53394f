import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Suspicious activity (/admin/security): one page over several resources (sign-in failures, blocks). */
const security: ConsoleScreen = {
  kind: 'route',
  name: 'security',
  list: lazyScreen(() => import('./Security')),
};
export default security;
