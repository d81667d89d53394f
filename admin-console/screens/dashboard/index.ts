import { lazy } from 'react';
import type { ConsoleScreen } from '../screen';

/** Home (/admin): react-admin's dashboard. */
const dashboard: ConsoleScreen = {
  kind: 'dashboard',
  name: '',
  list: lazy(() => import('./Dashboard')),
};
export default dashboard;
