import type { Next } from 'hono';
import { isDirectLoopbackRequest } from '../../../api/middleware/loopback';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

/**
 * The group's guard. The mailbox shows password-reset and sign-in links, so in production
 * (config.devMailbox 'loopback') only a browser on the server's own machine, reaching it without a
 * proxy, sees it; for anyone else the page does not exist. DEV_MAILBOX=true opens it to all,
 * DEV_MAILBOX=false closes it.
 */
export async function mailboxAccessOnly(c: PageContext, next: Next) {
  const access = c.get('config').devMailbox;
  if (access === 'off' || (access === 'loopback' && !isDirectLoopbackRequest(c))) {
    return renderPage(c, notFoundPage());
  }
  await next();
}
