import { issueCsrfToken } from '../../../api/auth/csrf-token';
import { safeRedirect } from '../../../api/auth/safe-redirect';
import { AuthCard } from '../../components/AuthCard';
import { signInErrorMessage } from '../../lib/auth-errors';
import { renderPage } from '../../render/render-page';
import { Island } from '../../server/Island';
import type { PageContext } from '../../server/page';

/** Both sign-in addresses of docs/product/spec.md §2 (site/routes/account/index.ts serves the page at each). */
export const SIGN_IN_PATHS = ['/api/auth/signin', '/auth/signin'];

/** Never send a signed-in user back to a sign-in page: that would loop. */
function callbackUrlOf(c: PageContext): string {
  const url = safeRedirect(c.req.query('callbackUrl'), c.get('config').appUrl, '/');
  return SIGN_IN_PATHS.some((p) => url === p || url.startsWith(`${p}?`) || url.startsWith(`${p}/`))
    ? '/'
    : url;
}

/**
 * The sign-in page. The form posts to the credentials endpoint (api/doors/routes/auth.ts) and works
 * without JavaScript; the SignInForm island enhances it.
 */
export async function showSignIn(c: PageContext) {
  const callbackUrl = callbackUrlOf(c);
  if (c.get('user')) return c.redirect(callbackUrl, 302);
  // The page sets the CSRF cookie; it must never be cached or shared.
  c.header('Cache-Control', 'no-store');
  return renderPage(c, {
    meta: {
      title: 'Sign in',
      description: 'Sign in to your Campaign HQ account.',
      canonicalPath: '/auth/signin',
    },
    body: (
      <AuthCard title="Sign in" lead="Welcome back to your campaign headquarters.">
        <Island
          name="SignInForm"
          props={{
            csrfToken: issueCsrfToken(c),
            callbackUrl,
            email: (c.req.query('email') ?? '').slice(0, 254),
            error: signInErrorMessage(c.req.query('error')),
          }}
        />
        <p className="auth-card__footer">
          New to Campaign HQ? <a href="/signup">Create an account</a>
        </p>
      </AuthCard>
    ),
  });
}
