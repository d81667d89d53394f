import { router } from './init';
import { accountsRouter } from './routers/accounts';
import { adminsRouter } from './routers/admins';
import { analyticsRouter } from './routers/analytics';
import { featureToggleRouter } from './routers/feature-toggle';
import { feedbackRouter } from './routers/feedback';
import { messagingRouter } from './routers/messaging';
import { notificationsRouter } from './routers/notifications';
import { profilesRouter } from './routers/profiles';
import { settingsRouter } from './routers/settings';
import { shOptionsRouter } from './routers/sh-options';
import { shopRouter } from './routers/shop';
import { trackingRouter } from './routers/tracking';
import { usersRouter } from './routers/users';

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
  analytics: analyticsRouter,
  tracking: trackingRouter,
});

export type AppRouter = typeof appRouter;
