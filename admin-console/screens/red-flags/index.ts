import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Red flags: reviewed and resolved with the same permission that lists them. */
const redFlags: ConsoleScreen = {
  kind: 'resource',
  name: 'red-flags',
  list: lazyScreen(() => import('./RedFlagList')),
  edit: lazyScreen(() => import('./RedFlagEdit')),
};
export default redFlags;
