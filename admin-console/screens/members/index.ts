import { lazy } from 'react';
import type { ConsoleScreen } from '../screen';

/** The four people lists share one chunk (MemberList.tsx); each is its own resource and permission. */
const memberList = () => import('./MemberList');

const members: readonly ConsoleScreen[] = [
  {
    kind: 'resource',
    name: 'all-users',
    list: lazy(() => memberList().then((m) => ({ default: m.AllUsers }))),
  },
  {
    kind: 'resource',
    name: 'free-users',
    list: lazy(() => memberList().then((m) => ({ default: m.FreeUsers }))),
  },
  {
    kind: 'resource',
    name: 'paid-users',
    list: lazy(() => memberList().then((m) => ({ default: m.PaidUsers }))),
  },
  {
    kind: 'resource',
    name: 'organizations',
    list: lazy(() => memberList().then((m) => ({ default: m.Organizations }))),
  },
];
export default members;
