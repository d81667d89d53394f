import type { Hono } from 'hono';
import type { AppEnv } from '../../api/platform/env';
import { registerAccountRoutes } from './account';
import { registerAffiliateRoutes } from './affiliates';
import { registerCampaignDashboardRoutes } from './campaign-dashboard';
import { registerContentRoutes } from './content';
import { registerDevMailboxRoutes } from './dev-mailbox';
import { registerDonationRoutes } from './donations';
import { registerErrorPageRoutes } from './error-pages';
import { registerFeedbackRoutes } from './feedback';
import { registerHomeRoutes } from './home';
import { registerJobBoardRoutes } from './jobs';
import { registerMembershipRoutes } from './membership';
import { registerMessagingRoutes } from './messaging';
import { registerPeopleRoutes } from './people';
import { registerProfileRoutes, registerVendorRoutes } from './profiles';
import { registerShopRoutes } from './shop';
import { registerSupportRoutes } from './support';
import { registerTestGatewayRoutes } from './test-gateway';
import { registerUnsubscribeRoutes } from './unsubscribe';
import { registerUpcomingRoutes } from './upcoming';

/**
 * Every page of the site, one route group (a folder with its URL map in index.ts) per line.
 * Named routes first; the upcoming placeholders after the groups that build some of their paths;
 * the vendor handle catch-all last, so every named route wins.
 */
export function registerSiteRoutes(app: Hono<AppEnv>) {
  registerHomeRoutes(app);
  registerContentRoutes(app);
  registerAffiliateRoutes(app);
  registerMembershipRoutes(app);
  registerFeedbackRoutes(app);
  registerSupportRoutes(app);
  registerProfileRoutes(app);
  registerAccountRoutes(app);
  registerDevMailboxRoutes(app);
  registerPeopleRoutes(app);
  registerMessagingRoutes(app);
  registerShopRoutes(app);
  registerJobBoardRoutes(app);
  registerDonationRoutes(app);
  registerCampaignDashboardRoutes(app);
  registerTestGatewayRoutes(app);
  registerUnsubscribeRoutes(app);
  registerUpcomingRoutes(app);
  registerErrorPageRoutes(app);
  registerVendorRoutes(app);
}
