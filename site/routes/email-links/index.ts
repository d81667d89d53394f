import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { CLICK_PATH } from '../../../api/modules/mass-email/click-token';
import { followEmailLink } from './email-link';

/** /email-link/{token}: a mass email's tracked link (docs/decisions/0099-designed-email-and-click-tracking.md). */
export function registerEmailLinkRoutes(app: Hono<AppEnv>) {
  app.get(`${CLICK_PATH}/:token`, followEmailLink);
}
