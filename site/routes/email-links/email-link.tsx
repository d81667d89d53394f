import { followClick } from '../../../api/modules/mass-email/link-clicks';
import { AuthCard } from '../../components/AuthCard';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

const INVALID_TITLE = 'This link is not valid';

/**
 * GET /email-link/{token}: one redirect to the link's target, the send's own link at the token's
 * index; the click is kept once per recipient and link (api/modules/mass-email/link-clicks.ts).
 * A token not signed here, or naming no such link, gets a page that says so and goes nowhere.
 */
export async function followEmailLink(c: PageContext) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const target = await followClick(c.get('db'), c.get('config').appSecret, c.req.param('token') ?? '');
  if (target) return c.redirect(target, 302);
  return renderPage(c, {
    status: 400,
    meta: { title: INVALID_TITLE, description: 'A link from a campaign email.', noindex: true },
    body: (
      <AuthCard title={INVALID_TITLE}>
        <p>
          The link may have been cut off or changed. Open it from the email again, copying the whole address,
          or go to the <a href="/">home page</a>.
        </p>
      </AuthCard>
    ),
  });
}
