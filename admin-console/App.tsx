import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { AdminLayout } from './layout/AdminLayout';
import { routerPath } from './layout/AdminMenu';
import { LoadingPage } from './layout/Loading';
import { guarded } from './layout/RequirePermission';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { CONSOLE_SCREENS } from './screen-list';
import { type ConsoleScreen, permissionOf, screenPath } from './screens/screen';
import { theme } from './theme';

/**
 * A screen's pages behind its permission (api/contract/console-screens.ts, by path); editing may
 * need more (employees). Built once here, not per render, so a page keeps its component identity.
 */
function guardedPages(screen: ConsoleScreen) {
  const permission = permissionOf(screen);
  return {
    list: guarded(permission, screen.list),
    edit: screen.edit && guarded(screen.editPermission ?? permission, screen.edit),
    create: screen.create && guarded(permission, screen.create),
  };
}

const screensOfKind = (kind: ConsoleScreen['kind']) =>
  CONSOLE_SCREENS.filter((s) => s.kind === kind).map((screen) => ({ screen, ...guardedPages(screen) }));

const [home] = screensOfKind('dashboard');
const resources = screensOfKind('resource');
const routes = screensOfKind('route');

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
        dashboard={home?.list}
      >
        {resources.map(({ screen, list, edit, create }) => (
          <Resource
            key={screen.name}
            name={screen.name}
            icon={screen.icon}
            list={list}
            edit={edit}
            create={create}
          />
        ))}
        <CustomRoutes>
          {routes.map(({ screen, list: Page }) => (
            <Route key={screen.name} path={routerPath(screenPath(screen))} element={<Page />} />
          ))}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
