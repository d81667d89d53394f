import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { showUnsubscribe, submitUnsubscribe } from './unsubscribe-page';

/** /unsubscribe (docs/product/spec.md §2, a bare page): the link in every mass email (docs/decisions/0022-mass-email.md). */
export function registerUnsubscribeRoutes(app: Hono<AppEnv>) {
  app.get('/unsubscribe', showUnsubscribe);
  app.post('/unsubscribe', submitUnsubscribe);
}
