import type { ReactNode } from 'react';
import { safeRedirect } from '../../../api/auth/safe-redirect';
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from '../../../api/modules/accounts/two-factor';
import { loadTwoFactorAccount } from '../../../api/modules/accounts/two-factor-account';
import { ConflictError, RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { AuthCard } from '../../components/AuthCard';
import { signInUrl } from '../../lib/sign-in-url';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { one, postedForm } from './form-post';

/** Where members set up two-factor sign-in (staff do it in the console). */
export const TWO_FACTOR_SETUP_PATH = '/auth/two-factor/setup';

/**
 * Two-factor sign-in for a member's own account (docs/decisions/0040-staff-two-factor-sign-in.md):
 * where the sign-in sends members once a SUPER_ADMIN requires it for them, and where anyone can
 * turn it on or off. Plain forms (no JavaScript); the secret and the recovery codes appear only in
 * the answer to the POST that made them, never in a URL or a page that can be reloaded.
 */
export async function showTwoFactorSetup(c: PageContext) {
  const user = c.get('user');
  if (!user) return c.redirect(signInUrl(TWO_FACTOR_SETUP_PATH), 302);
  const status = await twoFactorStatus(c.get('db'), user.id);
  return setupPage(
    c,
    status.enrolled ? enrolledBody(c, status.recoveryCodesLeft) : introBody(c, status.required),
  );
}

export async function submitTwoFactorSetup(c: PageContext) {
  const user = c.get('user');
  if (!user) return c.redirect(signInUrl(TWO_FACTOR_SETUP_PATH), 303);
  const db = c.get('db');
  const form = await postedForm(c);
  const account = await loadTwoFactorAccount(db, user.id);
  const action = one(form, 'action');
  try {
    if (action === 'start') {
      const { secret, uri } = await startEnrolment(db, account);
      return setupPage(c, secretBody(c, secret, uri, null));
    }
    if (action === 'confirm') {
      const { recoveryCodes } = await confirmEnrolment(db, {
        account,
        code: one(form, 'code').slice(0, 20),
        sessionId: c.get('sessionId'),
        ip: c.get('ip'),
      });
      return setupPage(c, recoveryBody(c, recoveryCodes));
    }
    if (action === 'disable') {
      const code = one(form, 'code').slice(0, 40);
      await disableTwoFactor(db, {
        account,
        answer: /^[\d\s-]+$/.test(code) ? { code } : { recoveryCode: code },
        ip: c.get('ip'),
      });
      return c.redirect(TWO_FACTOR_SETUP_PATH, 303);
    }
  } catch (error) {
    const message =
      error instanceof ValidationError || error instanceof RateLimitedError || error instanceof ConflictError
        ? error.message
        : null;
    if (message === null) throw error;
    const status = error instanceof RateLimitedError ? 429 : 400;
    if (action === 'confirm') {
      return setupPage(c, secretBody(c, one(form, 'secret'), one(form, 'uri'), message), status);
    }
    return setupPage(
      c,
      <p className="notice notice--error" role="alert">
        {message}
      </p>,
      status,
    );
  }
  return c.redirect(TWO_FACTOR_SETUP_PATH, 303);
}

const callbackOf = (c: PageContext) => safeRedirect(c.req.query('callbackUrl'), c.get('config').appUrl, '/');

function setupPage(c: PageContext, body: ReactNode, status: 200 | 400 | 429 = 200) {
  c.header('Cache-Control', 'no-store');
  return renderPage(c, {
    status,
    meta: {
      title: 'Two-factor sign-in',
      description: 'Protect your account with a code from an authenticator app.',
      canonicalPath: TWO_FACTOR_SETUP_PATH,
      noindex: true,
    },
    body: <AuthCard title="Two-factor sign-in">{body}</AuthCard>,
  });
}

const action = (c: PageContext) =>
  `${TWO_FACTOR_SETUP_PATH}?${new URLSearchParams({ callbackUrl: callbackOf(c) })}`;

function introBody(c: PageContext, required: boolean) {
  return (
    <form className="form auth-form" method="post" action={action(c)}>
      <p>
        {required
          ? 'Campaign HQ now asks every member to sign in with a code from an authenticator app as well as the password.'
          : 'Add a code from an authenticator app to your password, so a stolen password alone cannot open your account.'}
      </p>
      <input type="hidden" name="action" value="start" />
      <button type="submit" className="button button--primary auth-form__submit">
        Set up two-factor sign-in
      </button>
    </form>
  );
}

function secretBody(c: PageContext, secret: string, uri: string, error: string | null) {
  return (
    <form className="form auth-form" method="post" action={action(c)}>
      <div className="auth-form__alert" role="alert">
        {error && <p className="notice notice--error">{error}</p>}
      </div>
      <p>Add an account to your authenticator app with this secret key, then enter the code it shows.</p>
      <p>
        <strong>Secret key:</strong> <code data-secret>{secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      </p>
      <p className="field-hint">
        Setup address: <code>{uri}</code>
      </p>
      <input type="hidden" name="action" value="confirm" />
      <input type="hidden" name="secret" value={secret} />
      <input type="hidden" name="uri" value={uri} />
      <div className="field">
        <label htmlFor="two-factor-setup-code">6-digit code</label>
        <input
          id="two-factor-setup-code"
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
        />
      </div>
      <button type="submit" className="button button--primary auth-form__submit">
        Turn on two-factor sign-in
      </button>
    </form>
  );
}

function recoveryBody(c: PageContext, codes: string[]) {
  return (
    <>
      <p className="notice" role="status">
        Two-factor sign-in is on.
      </p>
      <h2>Save your recovery codes</h2>
      <p>If you lose your phone, each of these codes signs you in once. They are shown only now.</p>
      <ul aria-label="Recovery codes" className="auth-done">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <a className="button button--primary" href={callbackOf(c)}>
          I have saved them: continue
        </a>
      </p>
    </>
  );
}

function enrolledBody(c: PageContext, left: number) {
  return (
    <form className="form auth-form" method="post" action={action(c)}>
      <p>{`Two-factor sign-in is on. You have ${left} unused recovery ${left === 1 ? 'code' : 'codes'}.`}</p>
      <input type="hidden" name="action" value="disable" />
      <div className="field">
        <label htmlFor="two-factor-disable-code">Code or recovery code</label>
        <input
          id="two-factor-disable-code"
          name="code"
          type="text"
          autoComplete="one-time-code"
          maxLength={40}
          required
        />
      </div>
      <button type="submit" className="button auth-form__submit">
        Turn off two-factor sign-in
      </button>
    </form>
  );
}
