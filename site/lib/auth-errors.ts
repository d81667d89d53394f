import { USED_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '../../api/contract/two-factor-messages';

/**
 * The sign-in page's messages, by the `error` code Auth.js-style endpoints put in the URL
 * (api/doors/routes/auth.ts). Shared by the page, its island and /api/auth/error.
 */
export const SIGN_IN_ERRORS: Record<string, string> = {
  CredentialsSignin: 'Incorrect email or password.',
  SessionRequired: 'Please sign in to continue.',
  TooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  EmailNotVerified: 'Please verify your email first. We have sent you a new link.',
  MissingCSRF: 'Your session expired. Please try again.',
  InvalidCode: WRONG_CODE_MESSAGE,
  CodeAlreadyUsed: USED_CODE_MESSAGE,
  CodeRequired: 'Please enter the 6-digit code from your authenticator app.',
  TwoFactorExpired: 'Your sign-in took too long or had too many wrong codes. Please sign in again.',
};

const FALLBACK = 'Something went wrong while signing you in. Please try again.';

/** The message for a code, or null when there is no code. Unknown codes get a generic message. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return SIGN_IN_ERRORS[code] ?? FALLBACK;
}

/** The `error` code inside an answered URL such as `/api/auth/signin?error=CredentialsSignin&…`. */
export function errorCodeOf(url: string): string | null {
  const query = url.split('?')[1];
  if (!query) return null;
  return new URLSearchParams(query.split('#')[0]).get('error');
}
