import { lazy } from 'react';
import type { ConsoleScreen } from '../screen';

/** Coupons: one permission (VIEW_COUPONS) reads and writes them. */
const coupons: ConsoleScreen = {
  kind: 'resource',
  name: 'coupons',
  list: lazy(() => import('./CouponList')),
  create: lazy(() => import('./CouponCreate')),
  edit: lazy(() => import('./CouponEdit')),
};
export default coupons;
