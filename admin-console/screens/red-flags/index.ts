import { lazy } from 'react';
import type { ConsoleScreen } from '../screen';

/** Red flags: reviewed and resolved with the same permission that lists them. */
const redFlags: ConsoleScreen = {
  kind: 'resource',
  name: 'red-flags',
  list: lazy(() => import('./RedFlagList')),
  edit: lazy(() => import('./RedFlagEdit')),
};
export default redFlags;
