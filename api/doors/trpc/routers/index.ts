import { router } from '../init';
import { accountsRouter } from './accounts';
import { adminsRouter } from './admins';
import { analyticsRouter } from './analytics';
import { donationsRouter } from './donations';
import { eventsRouter } from './events';
import { featureToggleRouter } from './feature-toggle';
import { feedbackRouter } from './feedback';
import { jobBoardRouter } from './job-board';
import { membershipRouter } from './membership';
import { messagingRouter } from './messaging';
import { notificationsRouter } from './notifications';
import { profilesRouter } from './profiles';
import { shOptionsRouter } from './reference-options';
import { settingsRouter } from './settings';
import { shopRouter } from './shop';
import { trackingRouter } from './tracking';
import { twoFactorRouter } from './two-factor';
import { usersRouter } from './users';

export const appRouter = router({
  shOptions: shOptionsRouter,
  feedback: feedbackRouter,
  accounts: accountsRouter,
  admins: adminsRouter,
  featureToggle: featureToggleRouter,
  users: usersRouter,
  profiles: profilesRouter,
  settings: settingsRouter,
  notifications: notificationsRouter,
  messaging: messagingRouter,
  shop: shopRouter,
  donations: donationsRouter,
  membership: membershipRouter,
  jobBoard: jobBoardRouter,
  events: eventsRouter,
  analytics: analyticsRouter,
  tracking: trackingRouter,
  twoFactor: twoFactorRouter,
});

export type AppRouter = typeof appRouter;
