import type { Hono } from 'hono';
import type { AppEnv } from '../../api/env';
import { renderPage } from '../render/render-page';
import { contentPages } from './content';
import { forbiddenPage, notFoundPage } from './errors';
import { registerFeedbackRoutes } from './feedback';
import { homePage } from './home';
import { registerProfileRoutes, registerVendorRoute } from './profiles';
import { UPCOMING_ROUTES, upcomingPage } from './upcoming';

/** Every page of the site. Named routes first; the vendor handle catch-all last. */
export function registerSiteRoutes(app: Hono<AppEnv>) {
  app.get('/', (c) => renderPage(c, homePage()));

  for (const page of contentPages) {
    app.get(page.path, (c) =>
      renderPage(c, { meta: { ...page.meta, canonicalPath: page.path }, body: <page.Body /> }),
    );
  }
  registerFeedbackRoutes(app);
  registerProfileRoutes(app);

  for (const route of UPCOMING_ROUTES) {
    const paths =
      route.path === '/donate' || route.path === '/versus/contrast-page'
        ? [route.path, `${route.path}/*`]
        : [route.path];
    for (const path of paths) {
      app.get(path, (c) => {
        if (route.membersOnly && !c.get('user')) return c.redirect(signInUrl(c.req.path), 302);
        return renderPage(c, upcomingPage(route));
      });
    }
  }

  app.get('/403', (c) => renderPage(c, forbiddenPage()));
  app.get('/404', (c) => renderPage(c, notFoundPage()));
  app.get('/admin', adminPlaceholder);
  app.get('/admin/*', adminPlaceholder);

  registerVendorRoute(app);
}

export function signInUrl(callbackPath: string): string {
  const params = new URLSearchParams({ callbackUrl: callbackPath, error: 'SessionRequired' });
  return `/api/auth/signin?${params}`;
}

function adminPlaceholder(c: Parameters<typeof renderPage>[0]) {
  return renderPage(c, {
    meta: { title: 'Staff console', description: 'The Campaign HQ back-office.', noindex: true },
    body: (
      <section className="admin-placeholder">
        <h1>Staff console</h1>
        <p role="status">Loading...</p>
      </section>
    ),
  });
}
