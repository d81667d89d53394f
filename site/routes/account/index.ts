import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { showResetPassword, submitResetPassword } from './reset-password';
import { showSetup, submitSetup } from './setup';
import { showSignIn } from './sign-in';
import { showSignUp, submitSignUp } from './sign-up';
import { showAuthError, showBlockedAccount, showBlockedIp } from './status-pages';
import { showTwoFactor, TWO_FACTOR_PATH } from './two-factor';
import { showTwoFactorSetup, submitTwoFactorSetup, TWO_FACTOR_SETUP_PATH } from './two-factor-setup';
import { showVerifyEmail, submitVerifyEmail } from './verify-email';

/**
 * The account pages: sign in, sign up, email verification, password reset, setup and the blocked
 * pages. Islands call the accounts procedures; each POST serves browsers without JavaScript.
 */
export function registerAccountRoutes(app: Hono<AppEnv>) {
  // The sign-in page, at both addresses of docs/product/spec.md §2 (SIGN_IN_PATHS).
  app.get('/api/auth/signin', showSignIn);
  app.get('/auth/signin', showSignIn);
  // The code step after the password, for accounts with two-factor sign-in.
  app.get(TWO_FACTOR_PATH, showTwoFactor);
  // Members turn it on and off here (and are sent here once it is required of them).
  app.get(TWO_FACTOR_SETUP_PATH, showTwoFactorSetup);
  app.post(TWO_FACTOR_SETUP_PATH, submitTwoFactorSetup);
  app.get('/signup', showSignUp);
  app.post('/signup', submitSignUp);
  // The link from the verification email only shows a confirm button; the POST uses the one-time
  // token, so mail scanners that prefetch links cannot spend it before the person clicks.
  app.get('/auth/verify-email', showVerifyEmail);
  app.post('/auth/verify-email', submitVerifyEmail);
  // Without a token, ask for the email; with the emailed ?token=, choose a new password.
  app.get('/auth/reset-password', showResetPassword);
  app.post('/auth/reset-password', submitResetPassword);
  // Onboarding, members only (the handlers send visitors to sign in).
  app.get('/setup', showSetup);
  app.post('/setup', submitSetup);
  // Security staff block accounts and IPs (docs/product/rulings.md); Auth.js's error page.
  app.get('/blocked', showBlockedAccount);
  app.get('/blocked/ip', showBlockedIp);
  app.get('/api/auth/error', showAuthError);
}
