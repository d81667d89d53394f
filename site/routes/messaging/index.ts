import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { signedInOnly } from '../../server/guard-page';
import { showMessaging, showNotifications } from './messaging-pages';

/**
 * /messaging and /notifications: members only; visitors go to sign in (SessionRequired). The
 * guard sits on each GET rather than on app.use('/messaging'), which would also answer other
 * methods with a redirect instead of today's 404.
 */
export function registerMessagingRoutes(app: Hono<AppEnv>) {
  app.get('/messaging', signedInOnly, showMessaging);
  app.get('/notifications', signedInOnly, showNotifications);
}
