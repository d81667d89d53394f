import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { mailboxAccessOnly } from './mailbox-access';
import { showMailbox } from './mailbox-page';

/** /dev/mailbox: the emails this server stored instead of sending, for development and local runs. */
export function registerDevMailboxRoutes(app: Hono<AppEnv>) {
  app.use('/dev/mailbox', mailboxAccessOnly);
  app.get('/dev/mailbox', showMailbox);
}
