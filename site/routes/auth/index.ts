import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { registerResetPasswordRoutes } from './reset-password';
import { registerSetupRoutes } from './setup';
import { registerSignInRoutes } from './sign-in';
import { registerSignUpRoutes } from './sign-up';
import { registerAccountStatusRoutes } from './status-pages';
import { registerVerifyEmailRoute } from './verify-email';

/** The account pages: sign in, sign up, email verification, password reset, setup and the blocked pages. */
export function registerAccountRoutes(app: Hono<AppEnv>) {
  registerSignInRoutes(app);
  registerSignUpRoutes(app);
  registerVerifyEmailRoute(app);
  registerResetPasswordRoutes(app);
  registerSetupRoutes(app);
  registerAccountStatusRoutes(app);
}
