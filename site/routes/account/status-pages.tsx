import { AuthCard } from '../../components/AuthCard';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

const SUPPORT_EMAIL = 'support@campaignhq.org';

/** Auth.js's error page codes, in words a member understands. */
const AUTH_ERRORS: Record<string, string> = {
  MissingCSRF: 'Your session expired. Please try again.',
  Configuration: 'Signing in is not available right now. Please try again in a few minutes.',
  AccessDenied: 'This account may not sign in. If you think this is a mistake, contact our support team.',
  Verification: 'This sign-in link has expired or was already used.',
};

export function showBlockedAccount(c: PageContext) {
  return renderPage(c, {
    meta: {
      title: 'Account blocked',
      description: 'This account has been blocked by our security team.',
      noindex: true,
    },
    body: (
      <AuthCard title="Your account has been blocked">
        <p>
          Our Trust &amp; Safety team blocked this account because it broke the Campaign HQ{' '}
          <a href="/terms-of-service">terms of service</a>. You cannot sign in while the block is in place.
        </p>
        <h2 className="auth-card__subheading">How to appeal</h2>
        <p>
          Email <a href={`mailto:${SUPPORT_EMAIL}?subject=Account%20appeal`}>{SUPPORT_EMAIL}</a> from the
          address you signed up with, and tell us why you think the block should be lifted. A person reviews
          every appeal, usually within three business days.
        </p>
      </AuthCard>
    ),
  });
}

export function showBlockedIp(c: PageContext) {
  return renderPage(c, {
    meta: {
      title: 'Access blocked',
      description: 'Requests from your network have been blocked by our security team.',
      noindex: true,
    },
    body: (
      <AuthCard title="Access from your network is blocked">
        <p>
          Our security team blocked requests from your network address after unusual activity. If you share
          this network (a school, office or public Wi-Fi), someone else may have caused the block.
        </p>
        <p>
          To ask us to lift it, email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Network%20block`}>{SUPPORT_EMAIL}</a> and mention the time
          you saw this page.
        </p>
      </AuthCard>
    ),
  });
}

export function showAuthError(c: PageContext) {
  const code = c.req.query('error') ?? '';
  return renderPage(c, {
    layoutPath: '/auth/signin',
    meta: {
      title: 'Sign-in problem',
      description: 'Something went wrong while signing in.',
      noindex: true,
    },
    body: (
      <AuthCard title="We could not sign you in">
        <p role="alert">
          {AUTH_ERRORS[code] ?? 'Something went wrong while signing you in. Please try again.'}
        </p>
        <p>
          <a className="button button--primary" href="/auth/signin">
            Sign in
          </a>
        </p>
      </AuthCard>
    ),
  });
}
