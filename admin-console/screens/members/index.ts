import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** The four people lists share one chunk (MemberList.tsx); each is its own resource and permission. */
const memberList = () => import('./MemberList');

/** REST resource → the MemberList.tsx export that shows it. */
const LISTS = {
  'all-users': 'AllUsers',
  'free-users': 'FreeUsers',
  'paid-users': 'PaidUsers',
  organizations: 'Organizations',
} as const;

const members: readonly ConsoleScreen[] = Object.entries(LISTS).map(([name, component]) => ({
  kind: 'resource',
  name,
  list: lazyScreen(() => memberList().then((m) => ({ default: m[component] }))),
}));
export default members;
