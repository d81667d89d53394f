import type { Context, Handler } from 'hono';
import { FEATURES } from '../../../api/contract/feature-names';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { isFeatureEnabled } from '../../../api/modules/feature-toggles/service';
import { signInUrl } from '../../lib/sign-in-url';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';

/**
 * /campaign-dashboard is for candidates while the campaign-donations toggle is on
 * (docs/product/rulings.md, "Donations"; docs/decisions/0023-campaign-dashboard-and-refunds.md). Visitors go to sign in and back;
 * everyone else, and everyone while the toggle is off, gets the normal 404: the page does not
 * exist for them. The handler receives the candidate, whose own id scopes every read and write.
 */
export function candidatesOnly(
  handler: (c: Context<AppEnv>, candidate: SessionUser) => Response | Promise<Response>,
): Handler<AppEnv> {
  return async (c) => {
    const user = c.get('user');
    if (!user) {
      if (c.req.method !== 'GET') return c.redirect(signInUrl('/campaign-dashboard'), 303);
      const url = new URL(c.req.url);
      return c.redirect(signInUrl(`${url.pathname}${url.search}`), 302);
    }
    if (!user.candidate || !(await isFeatureEnabled(c.get('db'), FEATURES.campaignDonations))) {
      return renderPage(c, notFoundPage());
    }
    return handler(c, user);
  };
}
