import { router } from './init';
import { accountsRouter } from './routers/accounts';
import { adminsRouter } from './routers/admins';
import { featureToggleRouter } from './routers/feature-toggle';
import { feedbackRouter } from './routers/feedback';
import { shOptionsRouter } from './routers/sh-options';

export const appRouter = router({
  shOptions: shOptionsRouter,
  feedback: feedbackRouter,
  accounts: accountsRouter,
  admins: adminsRouter,
  featureToggle: featureToggleRouter,
});

export type AppRouter = typeof appRouter;
