import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { showFollowUp, submitFollowUp } from './follow-up-page';
import { showGivingPage, submitGift } from './giving-page';
import { showDonateIndex } from './index-page';
import { cancelRecurring, showCancelRecurring } from './recurring-pages';
import { acceptAsk, showThankYou } from './thank-you-page';

/**
 * Giving to candidates (docs/decisions/0021-campaign-donations.md), every page bare (docs/product/spec.md §2 "donate*"):
 * the gift form per candidate handle, its thank-you page, a monthly gift's cancel confirmation and
 * the best-efforts follow-up. The payment itself happens at the provider.
 */
export function registerDonationRoutes(app: Hono<AppEnv>) {
  app.get('/donate', showDonateIndex);
  app.get('/donate/recurring/:ref/cancel', showCancelRecurring);
  app.post('/donate/recurring/:ref/cancel', cancelRecurring);
  app.get('/donate/follow-up/:ref', showFollowUp);
  app.post('/donate/follow-up/:ref', submitFollowUp);
  app.get('/donate/:slug/thank-you', showThankYou);
  app.post('/donate/:slug/thank-you/monthly', acceptAsk);
  app.get('/donate/:slug', showGivingPage);
  app.post('/donate/:slug', submitGift);
}
