import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { membersOnly } from '../people/member-pages';
import { showFeed, showPost } from './feed-page';
import { publishPost, removePost, reportPostFromForm, showCreatePost } from './post-forms';

/**
 * Posts (docs/decisions/0033-social.md). Registered before site/routes/content: /social-media is the member's
 * feed, and visitors fall through to the content page there. Every action is a form POST.
 */
export function registerSocialMediaRoutes(app: Hono<AppEnv>) {
  app.get('/social-media', showFeed);
  app.get('/social-media/create-post', membersOnly(showCreatePost));
  app.post('/social-media/create-post', membersOnly(publishPost));
  app.get('/social-media/posts/:id{[0-9]+}', showPost);
  app.post('/social-media/posts/:id{[0-9]+}/delete', membersOnly(removePost));
  app.post('/social-media/posts/:id{[0-9]+}/report', membersOnly(reportPostFromForm));
}
