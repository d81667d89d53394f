import { lazy } from 'react';
import type { ConsoleScreen } from '../screen';

/** Suspicious activity (/admin/security): one page over several resources (sign-in failures, blocks). */
const security: ConsoleScreen = {
  kind: 'route',
  name: 'security',
  list: lazy(() => import('./Security')),
};
export default security;
