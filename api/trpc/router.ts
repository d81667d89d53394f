import { router } from './init';
import { feedbackRouter } from './routers/feedback';
import { shOptionsRouter } from './routers/sh-options';

export const appRouter = router({
  shOptions: shOptionsRouter,
  feedback: feedbackRouter,
});

export type AppRouter = typeof appRouter;
