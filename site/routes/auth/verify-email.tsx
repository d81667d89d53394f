import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/env';
import { verifyEmail } from '../../../api/modules/accounts/service';
import { AuthCard } from '../../components/AuthCard';
import { renderPage } from '../../render/render-page';

/** The link from the verification email: confirms the address, then points to sign in and /setup. */
export function registerVerifyEmailRoute(app: Hono<AppEnv>) {
  app.get('/auth/verify-email', async (c) => {
    const token = (c.req.query('token') ?? '').trim();
    const { verified } =
      token.length >= 10 && token.length <= 100 ? await verifyEmail(c.get('db'), token) : { verified: false };
    // The token is a one-time secret: keep the answer out of caches.
    c.header('Cache-Control', 'no-store');
    return renderPage(c, {
      meta: {
        title: verified ? 'Your email is verified' : 'Verify your email',
        description: 'Confirm your email address to finish creating your account.',
        canonicalPath: '/auth/verify-email',
        noindex: true,
      },
      body: verified ? (
        <AuthCard title="Your email is verified" lead="Thank you. Sign in to set up your profile.">
          <p>
            <a className="button button--primary" href="/auth/signin?callbackUrl=/setup">
              Sign in
            </a>
          </p>
        </AuthCard>
      ) : (
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
        </AuthCard>
      ),
    });
  });
}
