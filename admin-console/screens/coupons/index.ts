import { lazyScreen } from '../lazy-screen';
import type { ConsoleScreen } from '../screen';

/** Coupons: one permission (VIEW_COUPONS) reads and writes them. */
const coupons: ConsoleScreen = {
  kind: 'resource',
  name: 'coupons',
  list: lazyScreen(() => import('./CouponList')),
  create: lazyScreen(() => import('./CouponCreate')),
  edit: lazyScreen(() => import('./CouponEdit')),
};
export default coupons;
