import type { ComponentType } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { ADMIN_SCREENS } from '../api/contract/console-screens';
import { AdminLayout } from './layout/AdminLayout';
import { routerPath } from './layout/AdminMenu';
import { LoadingPage } from './layout/Loading';
import { guarded } from './layout/RequirePermission';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import * as S from './screens';
import { theme } from './theme';

const p = S.permissionOf;

/** Screens that are not react-admin resources, by their sidebar path. */
const CUSTOM_SCREENS: Record<string, ComponentType> = {
  '/admin/analytics': S.Analytics,
  '/admin/users': S.UsersLocation,
  '/admin/employee-registration': S.EmployeeRegistration,
  '/admin/security': S.Security,
  '/admin/feature-toggle': S.FeatureToggleList,
  '/admin/tests': S.Tests,
  '/admin/revenues/merchandise': S.MerchandiseRevenue,
};

/** One order, opened from the merchandise screen's list (same permission). */
const GuardedOrder = guarded(p('/admin/revenues/merchandise'), S.OrderFulfilment);

/**
 * The staff console. Real paths under /admin (BrowserRouter with basename), so any screen
 * can be typed or reloaded; the server answers index.html for each. Telemetry is off.
 */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        disableTelemetry
        requireAuth
        title="Campaign HQ staff"
        loginPage={false}
        authProvider={authProvider}
        dataProvider={dataProvider}
        layout={AdminLayout}
        loading={LoadingPage}
        theme={theme}
        dashboard={guarded(p('/admin'), S.Dashboard)}
      >
        <Resource
          name="employees"
          list={guarded(p('/admin/employees'), S.EmployeeList)}
          edit={guarded('MANAGE_EMPLOYEES', S.EmployeeEdit)}
        />
        <Resource name="all-users" list={guarded(p('/admin/all-users'), S.AllUsers)} />
        <Resource name="free-users" list={guarded(p('/admin/free-users'), S.FreeUsers)} />
        <Resource name="paid-users" list={guarded(p('/admin/paid-users'), S.PaidUsers)} />
        <Resource name="organizations" list={guarded(p('/admin/organizations'), S.Organizations)} />
        <Resource
          name="red-flags"
          list={guarded(p('/admin/red-flags'), S.RedFlagList)}
          edit={guarded(p('/admin/red-flags'), S.RedFlagEdit)}
        />
        <Resource name="audit-logs" list={guarded(p('/admin/audit-logs'), S.AuditLogList)} />
        <Resource
          name="coupons"
          list={guarded(p('/admin/coupons'), S.CouponList)}
          create={guarded(p('/admin/coupons'), S.CouponCreate)}
          edit={guarded(p('/admin/coupons'), S.CouponEdit)}
        />
        <CustomRoutes>
          {Object.entries(CUSTOM_SCREENS).map(([path, Screen]) => {
            const Guarded = guarded(p(path), Screen);
            return <Route key={path} path={routerPath(path)} element={<Guarded />} />;
          })}
          <Route path={`${routerPath('/admin/revenues/merchandise')}/:id`} element={<GuardedOrder />} />
          {ADMIN_SCREENS.filter((s) => s.status === 'coming-soon').map((s) => {
            const Guarded = guarded(s.permission, S.ComingSoon);
            return <Route key={s.path} path={routerPath(s.path)} element={<Guarded />} />;
          })}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
