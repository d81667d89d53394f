import type { Hono } from 'hono';
import { safeRedirect } from '../../api/auth/safe-redirect';
import { rowId } from '../../api/modules/bounds';
import { NotFoundError, RateLimitedError, ValidationError } from '../../api/modules/errors';
import { follow, unfollow } from '../../api/modules/people/follows';
import type { AppEnv } from '../../api/platform/env';
import { renderPage } from '../render/render-page';
import { registerMyProfileRoutes } from './people/my-profile';
import { searchPage } from './people/search-page';
import { registerSettingsRoutes } from './people/settings-routes';
import { formFields, membersOnly } from './people/shared';

/**
 * People pages: /search, /myprofile, /settings and the follow form posts. Registered before the
 * placeholders of site/routes/upcoming.tsx, so these routes answer instead.
 */
export function registerPeopleRoutes(app: Hono<AppEnv>) {
  app.get('/search', async (c) => renderPage(c, await searchPage(c)));
  registerMyProfileRoutes(app);
  registerSettingsRoutes(app);

  // The follow button without JavaScript: post, then back to the profile it was pressed on.
  for (const [path, action] of [
    ['/profile/follow', follow],
    ['/profile/unfollow', unfollow],
  ] as const) {
    app.post(
      path,
      membersOnly(async (c, user) => {
        const fields = await formFields(c);
        const back = safeRedirect(c.req.header('referer'), c.get('config').appUrl, '/');
        try {
          const target = rowId.safeParse(Number(fields.userId));
          if (target.success) await action(c.get('db'), user.id, target.data);
        } catch (error) {
          const known = [ValidationError, NotFoundError, RateLimitedError].some(
            (type) => error instanceof type,
          );
          if (!known) throw error;
        }
        return c.redirect(back, 303);
      }),
    );
  }
}
