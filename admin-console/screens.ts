import { type ComponentType, lazy } from 'react';
import { ADMIN_SCREENS } from '../api/contract/console-screens';
import type { Permission } from '../api/contract/permissions';

/**
 * Every screen is its own chunk (React.lazy): opening one loads none of the others' code.
 * Permissions come from api/contract/console-screens.ts, the list the sidebar is built from.
 */
export const Dashboard = lazy(() => import('./screens/dashboard/Dashboard'));
export const Analytics = lazy(() => import('./screens/analytics/Analytics'));
export const UsersLocation = lazy(() => import('./screens/locations/UsersLocation'));
export const EmployeeRegistration = lazy(() => import('./screens/employees/EmployeeRegistration'));
export const EmployeeList = lazy(() => import('./screens/employees/EmployeeList'));
export const EmployeeEdit = lazy(() => import('./screens/employees/EmployeeEdit'));
const members = () => import('./screens/members/MemberList');
export const AllUsers = lazy(() => members().then((m) => ({ default: m.AllUsers })));
export const FreeUsers = lazy(() => members().then((m) => ({ default: m.FreeUsers })));
export const PaidUsers = lazy(() => members().then((m) => ({ default: m.PaidUsers })));
export const Organizations = lazy(() => members().then((m) => ({ default: m.Organizations })));
export const Security = lazy(() => import('./screens/security/Security'));
export const RedFlagList = lazy(() => import('./screens/red-flags/RedFlagList'));
export const RedFlagEdit = lazy(() => import('./screens/red-flags/RedFlagEdit'));
export const AuditLogList = lazy(() => import('./screens/audit-logs/AuditLogList'));
export const FeatureToggleList = lazy(() => import('./screens/feature-toggles/FeatureToggleList'));
export const Tests = lazy(() => import('./screens/tests/Tests'));
export const CouponList = lazy(() => import('./screens/coupons/CouponList'));
export const CouponCreate = lazy(() => import('./screens/coupons/CouponCreate'));
export const CouponEdit = lazy(() => import('./screens/coupons/CouponEdit'));
export const MerchandiseRevenue = lazy(() => import('./screens/merchandise/MerchandiseRevenue'));
export const OrderFulfilment = lazy(() => import('./screens/merchandise/OrderFulfilment'));
export const ComingSoon: ComponentType = lazy(() => import('./screens/ComingSoon'));

/** The permission of the screen at `path` (under /admin), from the shared screen list. */
export function permissionOf(path: string): Permission {
  const screen = ADMIN_SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`${path} is not in api/contract/console-screens.ts`);
  return screen.permission;
}
