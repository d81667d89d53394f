import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { showMembership } from './membership-page';
import { showSubscriptionSuccess } from './success-page';

/**
 * Membership (docs/product/rulings.md "Membership"; docs/decisions/0024-membership.md): the tiers page, where the
 * header's track links go, and the bare page the membership checkout returns to.
 */
export function registerMembershipRoutes(app: Hono<AppEnv>) {
  app.get('/membership', showMembership);
  app.get('/serviceordersuccess', showSubscriptionSuccess);
}
