import { readCookie, secondFactorCookieName } from '../../../api/auth/cookies';
import { issueCsrfToken } from '../../../api/auth/csrf-token';
import { safeRedirect } from '../../../api/auth/safe-redirect';
import { isLiveChallenge } from '../../../api/modules/accounts/sign-in-challenge';
import { AuthCard } from '../../components/AuthCard';
import { signInErrorMessage } from '../../lib/auth-errors';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

/** Where the code step lives; the password step sends accounts with two-factor sign-in here. */
export const TWO_FACTOR_PATH = '/auth/two-factor';

/**
 * The second sign-in step (docs/decisions/0040-staff-two-factor-sign-in.md): a code from the
 * authenticator app, or a recovery code. Plain forms that post to /api/auth/callback/two-factor
 * and work without JavaScript. Without a live challenge (cookie missing, expired or spent) the
 * visitor goes back to the password step.
 */
export async function showTwoFactor(c: PageContext) {
  const config = c.get('config');
  const callbackUrl = safeRedirect(c.req.query('callbackUrl'), config.appUrl, '/');
  const token = readCookie(c, secondFactorCookieName(config.secureCookies));
  if (!(await isLiveChallenge(c.get('db'), token))) {
    return c.redirect(`/auth/signin?${new URLSearchParams({ callbackUrl })}`, 302);
  }
  c.header('Cache-Control', 'no-store');
  const csrfToken = issueCsrfToken(c);
  const error = signInErrorMessage(c.req.query('error'));
  return renderPage(c, {
    meta: {
      title: 'Two-factor sign-in',
      description: 'Enter the code from your authenticator app to finish signing in.',
      canonicalPath: TWO_FACTOR_PATH,
      noindex: true,
    },
    body: (
      <AuthCard
        title="Two-factor sign-in"
        lead="Your password was right. One more step keeps your account safe."
      >
        <form className="form auth-form" method="post" action="/api/auth/callback/two-factor">
          <div className="auth-form__alert" role="alert">
            {error && <p className="notice notice--error">{error}</p>}
          </div>
          <input type="hidden" name="csrfToken" value={csrfToken} />
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <div className="field">
            <label htmlFor="two-factor-code">Authentication code</label>
            <input
              id="two-factor-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              aria-describedby="two-factor-code-hint"
              aria-invalid={error ? true : undefined}
            />
            <p className="field-hint" id="two-factor-code-hint">
              The 6-digit code your authenticator app shows for Campaign HQ.
            </p>
          </div>
          <button type="submit" className="button button--primary auth-form__submit">
            Verify
          </button>
        </form>
        <details className="auth-done">
          <summary>Lost your phone? Use a recovery code</summary>
          <form className="form auth-form" method="post" action="/api/auth/callback/two-factor">
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <div className="field">
              <label htmlFor="two-factor-recovery">Recovery code</label>
              <input
                id="two-factor-recovery"
                name="recoveryCode"
                type="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                required
                aria-describedby="two-factor-recovery-hint"
              />
              <p className="field-hint" id="two-factor-recovery-hint">
                One of the ten codes you saved when you set up two-factor sign-in. Each works once.
              </p>
            </div>
            <button type="submit" className="button auth-form__submit">
              Sign in with a recovery code
            </button>
          </form>
        </details>
        <p className="auth-card__footer">
          Not you? <a href={`/auth/signin?${new URLSearchParams({ callbackUrl })}`}>Start again</a>
        </p>
      </AuthCard>
    ),
  });
}
