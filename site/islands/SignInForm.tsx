import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorCodeOf, signInErrorMessage } from '../lib/auth-errors';

export interface SignInFormProps {
  csrfToken: string;
  callbackUrl: string;
  email: string;
  /** The message for the page's `?error=`, or null. */
  error: string | null;
}

/**
 * Email + password against the Auth.js-style credentials endpoint. The form posts on its own
 * without JavaScript (the endpoint answers 303); with it, the post asks for JSON and only
 * navigates when the answer is not an error.
 */
export default function SignInForm(props: SignInFormProps) {
  const [error, setError] = useState(props.error);
  const [csrfToken, setCsrfToken] = useState(props.csrfToken);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // After a refused attempt, the caret goes back to the password so the user can retype it.
    if (attempt === 0) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [attempt]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = new URLSearchParams();
    for (const [key, value] of form) if (typeof value === 'string') body.set(key, value);
    body.set('json', 'true');
    setPending(true);
    try {
      const response = await fetch(event.currentTarget.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const { url } = (await response.json()) as { url?: string };
      if (!url) throw new Error(`Sign-in answered ${response.status} without a URL`);
      const code = errorCodeOf(url);
      if (!code) {
        window.location.assign(url);
        return;
      }
      setError(signInErrorMessage(code));
      if (code === 'MissingCSRF') await refreshCsrfToken();
      setAttempt((n) => n + 1);
    } catch (failure) {
      console.error(failure);
      setError('We could not sign you in just now. Check your connection and try again.');
    }
    setPending(false);
  }

  async function refreshCsrfToken() {
    const response = await fetch('/api/auth/csrf', { credentials: 'same-origin', cache: 'no-store' });
    setCsrfToken(((await response.json()) as { csrfToken: string }).csrfToken);
  }

  return (
    <form
      className="form auth-form"
      method="post"
      action="/api/auth/callback/credentials"
      onSubmit={onSubmit}
    >
      <div className="auth-form__alert" role="alert">
        {error && <p className="notice notice--error">{error}</p>}
      </div>
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="callbackUrl" value={props.callbackUrl} />
      <div className="field">
        <label htmlFor="signin-email">Email</label>
        <input
          id="signin-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={props.email}
        />
      </div>
      <div className="field">
        <label htmlFor="signin-password">Password</label>
        <input
          ref={passwordRef}
          id="signin-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </div>
      <p className="auth-form__aside">
        <a href="/auth/reset-password">Forgot your password?</a>
      </p>
      <button type="submit" className="button button--primary auth-form__submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
