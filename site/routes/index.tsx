import type { Hono } from 'hono';
import type { AppEnv } from '../../api/platform/env';
import { signInUrl } from '../lib/sign-in-url';
import { forbiddenPage, notFoundPage } from '../render/error-pages';
import { renderPage } from '../render/render-page';
import { registerAccountRoutes } from './auth';
import { contentPages } from './content';
import { registerDevMailboxRoute } from './dev-mailbox';
import { registerFeedbackRoutes } from './feedback';
import { homePage } from './home';
import { registerMessagingRoutes } from './messaging';
import { registerPeopleRoutes } from './people';
import { registerProfileRoutes, registerVendorRoute } from './profiles';
import { registerShopRoutes } from './shop';
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
  registerAccountRoutes(app);
  registerDevMailboxRoute(app);
  registerPeopleRoutes(app);
  registerMessagingRoutes(app);
  registerShopRoutes(app);

  for (const route of UPCOMING_ROUTES) {
    const paths =
      route.path === '/donate' || route.path === '/versus/contrast-page'
        ? [route.path, `${route.path}/*`]
        : [route.path];
    for (const path of paths) {
      app.get(path, async (c) => {
        if (route.membersOnly && !c.get('user')) return c.redirect(signInUrl(c.req.path), 302);
        return renderPage(c, upcomingPage(route));
      });
    }
  }

  app.get('/403', (c) => renderPage(c, forbiddenPage()));
  app.get('/404', (c) => renderPage(c, notFoundPage()));

  registerVendorRoute(app);
}

/** Kept here for existing imports; the function lives in site/lib/sign-in-url.ts. */
export { signInUrl };
