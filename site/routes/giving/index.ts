import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { membersOnly } from '../people/member-pages';
import { showGiving, showReceipt } from './giving-page';
import { manageMonthly, showMonthly } from './monthly-page';

/**
 * A donor's own giving (docs/decisions/0094-refcodes-and-honest-monthly.md): /giving lists a
 * member's gifts and monthly gifts; a monthly gift's page opens for its member, or for anyone
 * holding the signed, expiring link of its receipt (which signs nobody in).
 */
export function registerGivingRoutes(app: Hono<AppEnv>) {
  app.get('/giving', membersOnly(showGiving));
  app.get('/giving/receipts/:ref', membersOnly(showReceipt));
  app.get('/giving/monthly/:ref', showMonthly);
  app.post('/giving/monthly/:ref', manageMonthly);
}
