import { profilePath } from '../../../api/contract/person-names';
import type { SessionUser } from '../../../api/contract/session-user';
import { rowId } from '../../../api/modules/bounds';
import { endorse, withdrawEndorsement } from '../../../api/modules/endorsements/service';
import { NotFoundError, RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { findPublicProfileById } from '../../../api/modules/people/profiles';
import type { PageContext } from '../../server/page';

type Action = typeof endorse | typeof withdrawEndorsement;

/**
 * POST /profile/{id}/endorse and /profile/{id}/withdraw-endorsement: back to the profile; a refusal (not a candidate, a vendor, too many) says why there.
 */
function endorsementForm(action: Action) {
  return async (c: PageContext, user: SessionUser) => {
    const id = rowId.safeParse(Number(c.req.param('id')));
    if (!id.success) return c.text('This member does not exist.', 404);
    try {
      await action(c.get('db'), user.id, id.data);
    } catch (error) {
      if (error instanceof NotFoundError) return c.text(error.message, 404);
      if (error instanceof RateLimitedError) return c.text(error.message, 429);
      if (error instanceof ValidationError) {
        return c.text(Object.values(error.fieldErrors).flat()[0] ?? error.message, 400);
      }
      throw error;
    }
    const candidate = await findPublicProfileById(c.get('db'), id.data);
    const path = candidate ? profilePath(candidate) : '/';
    return c.redirect(`${path}#endorsements`, 303);
  };
}

export const endorseFromForm = endorsementForm(endorse);
export const withdrawFromForm = endorsementForm(withdrawEndorsement);
