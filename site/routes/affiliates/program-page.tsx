import { affiliateOfUser, joinAffiliateProgram } from '../../../api/modules/affiliates/join';
import { ConflictError, RateLimitedError } from '../../../api/modules/errors';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { type AffiliatesViewer, affiliatesPage } from '../content/affiliates';

async function viewerOf(c: PageContext): Promise<AffiliatesViewer> {
  const user = c.get('user');
  if (!user) return 'visitor';
  return (await affiliateOfUser(c.get('db'), user.id)) ? 'affiliate' : 'member';
}

function programPage(
  c: PageContext,
  viewer: AffiliatesViewer,
  problem?: { message: string; status: number },
) {
  return renderPage(c, {
    status: problem?.status,
    meta: { ...affiliatesPage.meta, canonicalPath: '/affiliates' },
    body: (
      <>
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem.message}
          </p>
        )}
        <affiliatesPage.Body viewer={viewer} />
      </>
    ),
  });
}

/** /affiliates: the program's terms; "How to join" depends on who reads it. */
export async function showAffiliates(c: PageContext) {
  return programPage(c, await viewerOf(c));
}

/** POST /affiliates/join (signed in): joins, or keeps the code they have, then their dashboard. */
export async function joinFromForm(c: PageContext) {
  try {
    await joinAffiliateProgram(c.get('db'), c.get('user')!.id);
  } catch (error) {
    if (error instanceof ConflictError)
      return programPage(c, 'member', { message: error.message, status: 409 });
    if (error instanceof RateLimitedError) {
      return programPage(c, 'member', { message: error.message, status: 429 });
    }
    throw error;
  }
  return c.redirect('/affiliates/dashboard', 303);
}
