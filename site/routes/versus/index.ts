import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { membersOnly } from '../people/member-pages';
import { showContrast } from './contrast-page';
import { saveMyStances, showMyStances } from './my-stances-page';

/** The contrast page and the stances it compares (docs/decisions/0033-social.md). */
export function registerVersusRoutes(app: Hono<AppEnv>) {
  app.get('/versus/contrast-page', showContrast);
  // Older links with a trailing segment land on the same page, with their query.
  app.get('/versus/contrast-page/*', (c) => {
    const url = new URL(c.req.url);
    return c.redirect(`/versus/contrast-page${url.search}`, 301);
  });
  app.get('/versus/my-stances', membersOnly(showMyStances));
  app.post('/versus/my-stances', membersOnly(saveMyStances));
}
