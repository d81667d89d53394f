import type { Hono } from 'hono';
import type { AppEnv } from '../../api/middleware/app-env';
import { registerAccountRoutes } from './account';
import { registerAffiliateRoutes } from './affiliates';
import { registerCampaignDashboardRoutes } from './campaign-dashboard';
import { registerCandidateRankingRoutes } from './candidate-ranking';
import { registerContentRoutes } from './content';
import { registerDevMailboxRoutes } from './dev-mailbox';
import { registerDonationRoutes } from './donations';
import { registerEmailLinkRoutes } from './email-links';
import { registerErrorPageRoutes } from './error-pages';
import { registerEventRoutes } from './events';
import { registerFeedbackRoutes } from './feedback';
import { registerGivingRoutes } from './giving';
import { registerHomeRoutes } from './home';
import { registerJobBoardRoutes } from './job-board';
import { registerMembershipRoutes } from './membership';
import { registerMessagingRoutes } from './messaging';
import { registerPeopleRoutes } from './people';
import { registerProfileRoutes, registerVendorRoutes } from './profiles';
import { registerShopRoutes } from './shop';
import { registerSocialMediaRoutes } from './social-media';
import { registerSupportRoutes } from './support';
import { registerSupporterRoutes } from './supporters';
import { registerTestGatewayRoutes } from './test-gateway';
import { registerTreasuryRoutes } from './treasury';
import { registerUnsubscribeRoutes } from './unsubscribe';
import { registerVersusRoutes } from './versus';

/**
 * Every page of the site, one route group (a folder with its URL map in index.ts) per line.
 * Named routes first; the vendor handle catch-all last, so every named route wins.
 */
export function registerSiteRoutes(app: Hono<AppEnv>) {
  registerHomeRoutes(app);
  // Before content: /social-media is the member's feed; visitors fall through to the content page.
  registerSocialMediaRoutes(app);
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
  registerEventRoutes(app);
  registerDonationRoutes(app);
  registerGivingRoutes(app);
  registerCampaignDashboardRoutes(app);
  registerTreasuryRoutes(app);
  registerSupporterRoutes(app);
  registerCandidateRankingRoutes(app);
  registerVersusRoutes(app);
  registerTestGatewayRoutes(app);
  registerUnsubscribeRoutes(app);
  registerEmailLinkRoutes(app);
  registerErrorPageRoutes(app);
  registerVendorRoutes(app);
}
