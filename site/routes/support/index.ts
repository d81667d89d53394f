import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { signedInOnly } from '../../server/guard-page';
import { replyToRequest, showRequest } from './request-thread';
import { showRequests } from './requests-page';

/**
 * Support requests filed on /contact (docs/decisions/0029-help-center-and-support-tickets.md). Every answer here is private
 * (Cache-Control: private, no-store): "Your requests" is a member's own list, and a thread opens
 * for the member who filed it or for whoever holds the signed link from the email.
 */
export function registerSupportRoutes(app: Hono<AppEnv>) {
  app.get('/support/requests', signedInOnly, showRequests);
  app.get('/support/requests/:reference', showRequest);
  app.post('/support/requests/:reference', replyToRequest);
}
