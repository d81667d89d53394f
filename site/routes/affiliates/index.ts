import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { signedInOnly } from '../../server/guard-page';
import { showAffiliateDashboard } from './dashboard-page';
import { joinFromForm, showAffiliates } from './program-page';

/**
 * The affiliate program (docs/decisions/0031-affiliates-and-partner-revenue.md): the program page with its join button, the join
 * POST (a plain form: no script needed), and the affiliate's own dashboard.
 */
export function registerAffiliateRoutes(app: Hono<AppEnv>) {
  app.get('/affiliates', showAffiliates);
  app.post('/affiliates/join', signedInOnly, joinFromForm);
  app.get('/affiliates/dashboard', signedInOnly, showAffiliateDashboard);
}
