import { safeRedirect } from '../../../api/auth/safe-redirect';
import type { SessionUser } from '../../../api/contract/session-user';
import { rowId } from '../../../api/modules/bounds';
import { NotFoundError, RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { follow, unfollow } from '../../../api/modules/people/follows';
import type { PageContext } from '../../server/page';
import { formFields } from './member-pages';

type FollowAction = typeof follow | typeof unfollow;

/** The follow button without JavaScript: post, then back to the profile it was pressed on. */
function followForm(action: FollowAction) {
  return async (c: PageContext, user: SessionUser) => {
    const fields = await formFields(c);
    const back = safeRedirect(c.req.header('referer'), c.get('config').appUrl, '/');
    try {
      const target = rowId.safeParse(Number(fields.userId));
      if (target.success) await action(c.get('db'), user.id, target.data);
    } catch (error) {
      const known = [ValidationError, NotFoundError, RateLimitedError].some((type) => error instanceof type);
      if (!known) throw error;
    }
    return c.redirect(back, 303);
  };
}

export const followFromForm = followForm(follow);
export const unfollowFromForm = followForm(unfollow);
