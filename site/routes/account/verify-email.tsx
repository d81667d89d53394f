import { verifyEmail } from '../../../api/modules/accounts/service';
import { AuthCard } from '../../components/AuthCard';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { one, postedForm } from './form-post';

function verifyPage(c: PageContext, title: string, body: React.ReactNode, status = 200) {
  // The token is a one-time secret: keep every answer out of caches.
  c.header('Cache-Control', 'no-store');
  return renderPage(c, {
    status,
    meta: {
      title,
      description: 'Confirm your email address to finish creating your account.',
      canonicalPath: '/auth/verify-email',
      noindex: true,
    },
    body,
  });
}

export function showVerifyEmail(c: PageContext) {
  const token = (c.req.query('token') ?? '').trim();
  return verifyPage(
    c,
    'Verify your email',
    <AuthCard title="Confirm your email" lead="One click and your account is ready.">
      <form method="post" action="/auth/verify-email">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button button--primary">
          Confirm my email
        </button>
      </form>
    </AuthCard>,
  );
}

export async function submitVerifyEmail(c: PageContext) {
  const token = one(await postedForm(c), 'token').trim();
  const { verified } =
    token.length >= 10 && token.length <= 100 ? await verifyEmail(c.get('db'), token) : { verified: false };
  return verified
    ? verifyPage(
        c,
        'Your email is verified',
        <AuthCard title="Your email is verified" lead="Thank you. Sign in to set up your profile.">
          <p>
            <a className="button button--primary" href="/auth/signin?callbackUrl=/setup">
              Sign in
            </a>
          </p>
        </AuthCard>,
      )
    : verifyPage(
        c,
        'Verify your email',
        <AuthCard title="This link has expired or was already used">
          <p>
            Verification links work once and expire after 48 hours. If you have already verified your email,
            simply sign in. Otherwise sign in with your email and password, and we will send you a new link.
          </p>
          <p>
            <a className="button button--primary" href="/auth/signin">
              Sign in
            </a>
          </p>
        </AuthCard>,
        400,
      );
}
