import type { Context, Handler } from 'hono';
import { FEATURES } from '../../../api/contract/feature-names';
import type { AppEnv } from '../../../api/middleware/app-env';
import { isFeatureEnabled } from '../../../api/modules/feature-toggles/service';
import { isTreasurerOf } from '../../../api/modules/fec-reports/treasurers';
import { signInUrl } from '../../lib/sign-in-url';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { ReportsPlace } from '../campaign-dashboard/reports-page';

/**
 * /treasury/:candidateId/* (docs/decisions/0090-fec-reports.md): only for a member the candidate
 * named treasurer and has not revoked, while the campaign-donations toggle is on. Visitors go to
 * sign in; everyone else gets the normal 404, so the page does not exist for them. The handler
 * receives the candidate's id, which scopes every read.
 */
export function treasurersOnly(
  handler: (c: Context<AppEnv>, candidateId: number, place: ReportsPlace) => Response | Promise<Response>,
): Handler<AppEnv> {
  return async (c) => {
    const user = c.get('user');
    if (!user) {
      const url = new URL(c.req.url);
      return c.redirect(signInUrl(`${url.pathname}${url.search}`), 302);
    }
    const raw = c.req.param('candidateId') ?? '';
    const candidateId = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    const db = c.get('db');
    if (
      candidateId === null ||
      !(await isFeatureEnabled(db, FEATURES.campaignDonations)) ||
      !(await isTreasurerOf(db, user.id, candidateId))
    ) {
      return renderPage(c, notFoundPage());
    }
    return handler(c, candidateId, {
      base: `/treasury/${candidateId}`,
      title: 'FEC reports',
      backLabel: 'Back to the campaign’s money',
    });
  };
}
