import type { Context, Hono } from 'hono';
import {
  clearCookie,
  readCookie,
  secondFactorCookieName,
  sessionCookieName,
  writeCookie,
} from '../../auth/cookies';
import { issueCsrfToken, verifyCsrfToken } from '../../auth/csrf-token';
import { deviceTokenOf } from '../../auth/device-cookie';
import { safeRedirect } from '../../auth/safe-redirect';
import { createSession, invalidateSession } from '../../auth/sessions';
import type { AppEnv } from '../../middleware/app-env';
import { credentialsInput } from '../../modules/accounts/schema';
import { resendVerification } from '../../modules/accounts/service';
import { SignInError, signInWithPassword } from '../../modules/accounts/sign-in';
import {
  answerSignInChallenge,
  openSignInChallenge,
  SecondFactorError,
} from '../../modules/accounts/sign-in-challenge';
import { recordSignInDevice } from '../../modules/accounts/sign-in-devices';
import { notifyNewSignIn } from '../../modules/accounts/sign-in-notice';
import { RateLimitedError } from '../../modules/errors';
import { log } from '../../platform/logger';

/**
 * Auth.js-compatible endpoints (docs/product/spec.md §7): the site's client code speaks this contract.
 * Forms post url-encoded fields; with json=true the answer is {url}, otherwise a redirect.
 */
export function registerAuthRoutes(app: Hono<AppEnv>) {
  app.get('/api/auth/session', (c) => {
    c.header('Cache-Control', 'no-store');
    const user = c.get('user');
    if (!user) return c.json({});
    const { handle: _handle, profileImage, ...rest } = user;
    return c.json({
      user: { ...rest, image: profileImage },
      expires: c.get('sessionExpires')?.toISOString(),
    });
  });

  app.get('/api/auth/csrf', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ csrfToken: issueCsrfToken(c) });
  });

  app.get('/api/auth/providers', (c) =>
    c.json({
      credentials: {
        id: 'credentials',
        name: 'Email and password',
        type: 'credentials',
        signinUrl: '/api/auth/signin/credentials',
        callbackUrl: '/api/auth/callback/credentials',
      },
    }),
  );

  app.post('/api/auth/callback/credentials', signIn);
  app.post('/api/auth/signin/credentials', signIn);
  // The second step for accounts with two-factor sign-in (docs/decisions/0040-staff-two-factor-sign-in.md).
  app.post('/api/auth/callback/two-factor', signInWithSecondFactor);

  app.post('/api/auth/signout', async (c) => {
    const form = await formOf(c);
    if (!verifyCsrfToken(c, form.csrfToken)) return answer(c, form, '/api/auth/error?error=MissingCSRF', 403);
    const sessionId = c.get('sessionId');
    if (sessionId) await invalidateSession(c.get('db'), sessionId);
    clearCookie(c, sessionCookieName(c.get('config').secureCookies));
    return answer(c, form, safeRedirect(form.callbackUrl, c.get('config').appUrl, '/'));
  });
}

async function signIn(c: Context<AppEnv>) {
  const form = await formOf(c);
  const config = c.get('config');
  const callbackUrl = safeRedirect(form.callbackUrl, config.appUrl, '/');
  const back = (error: string) =>
    `/api/auth/signin?${new URLSearchParams({ error, callbackUrl, ...(form.email ? { email: form.email } : {}) })}`;

  if (!verifyCsrfToken(c, form.csrfToken)) return answer(c, form, back('MissingCSRF'), 403);
  const parsed = credentialsInput.safeParse(form);
  if (!parsed.success) return answer(c, form, back('CredentialsSignin'), 400);

  const db = c.get('db');
  try {
    const { userId, setupNeeded, secondFactor } = await signInWithPassword(db, {
      ...parsed.data,
      ip: c.get('ip'),
    });
    if (secondFactor === 'code') {
      // No session yet: a challenge cookie that opens only the code step.
      const { token, expiresAt } = await openSignInChallenge(db, {
        userId,
        email: parsed.data.email.toLowerCase(),
        ip: c.get('ip'),
      });
      writeCookie(c, secondFactorCookieName(config.secureCookies), token, expiresAt);
      return answer(c, form, `${TWO_FACTOR_PAGE}?${new URLSearchParams({ callbackUrl })}`);
    }
    await startSession(c, userId, false);
    // Staff who must enrol go to the console, which shows them nothing but the enrolment panel.
    if (secondFactor === 'enrol-staff' && !setupNeeded) return answer(c, form, '/admin');
    // Members, once a SUPER_ADMIN requires it of them, set it up on the site first.
    const next = afterSignIn(callbackUrl, setupNeeded);
    if (secondFactor === 'enrol-member') {
      return answer(c, form, `${TWO_FACTOR_SETUP_PAGE}?${new URLSearchParams({ callbackUrl: next })}`);
    }
    return answer(c, form, next);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return answer(c, form, back('TooManyAttempts'), 429, error.message);
    }
    if (!(error instanceof SignInError)) throw error;
    if (error.reason === 'blocked') return answer(c, form, '/blocked', 403);
    if (error.reason === 'unverified' && error.userId !== null) {
      await resendVerification(
        { db, email: c.get('email'), appUrl: config.appUrl, ip: c.get('ip') },
        error.userId,
      ).catch((e: unknown) => (e instanceof RateLimitedError ? undefined : Promise.reject(e)));
      return answer(c, form, back('EmailNotVerified'), 403);
    }
    return answer(c, form, back('CredentialsSignin'), 401);
  }
}

/** The code page (site/routes/account/two-factor.tsx) and the members' set-up page (two-factor-setup.tsx). */
export const TWO_FACTOR_PAGE = '/auth/two-factor';
export const TWO_FACTOR_SETUP_PAGE = '/auth/two-factor/setup';

/**
 * The code step: the challenge cookie names the account, the form carries a code from the
 * authenticator app or a recovery code. Success opens a session marked as having proven the
 * second factor; a wrong code counts toward the sign-in throttle and comes back to the page.
 */
async function signInWithSecondFactor(c: Context<AppEnv>) {
  const form = await formOf(c);
  const config = c.get('config');
  const callbackUrl = safeRedirect(form.callbackUrl, config.appUrl, '/');
  const again = (error: string) => `${TWO_FACTOR_PAGE}?${new URLSearchParams({ error, callbackUrl })}`;
  const restart = (error: string) => `/api/auth/signin?${new URLSearchParams({ error, callbackUrl })}`;
  if (!verifyCsrfToken(c, form.csrfToken)) return answer(c, form, again('MissingCSRF'), 403);
  const code = form.code?.slice(0, 64);
  const recoveryCode = form.recoveryCode?.slice(0, 64);
  if (!code && !recoveryCode) return answer(c, form, again('CodeRequired'), 400);

  const db = c.get('db');
  const cookie = secondFactorCookieName(config.secureCookies);
  try {
    const { userId, setupNeeded, recoveryCodesLeft } = await answerSignInChallenge(db, {
      token: readCookie(c, cookie),
      answer: recoveryCode ? { recoveryCode } : { code },
      ip: c.get('ip'),
    });
    clearCookie(c, cookie);
    await startSession(c, userId, true);
    if (recoveryCodesLeft === 0) log.warn(`account ${userId} used its last recovery code`);
    return answer(c, form, afterSignIn(callbackUrl, setupNeeded));
  } catch (error) {
    if (error instanceof RateLimitedError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return answer(c, form, again('TooManyAttempts'), 429, error.message);
    }
    if (!(error instanceof SecondFactorError)) throw error;
    if (error.reason === 'invalid') return answer(c, form, again('InvalidCode'), 401);
    if (error.reason === 'replayed') return answer(c, form, again('CodeAlreadyUsed'), 401);
    clearCookie(c, cookie);
    if (error.reason === 'blocked') return answer(c, form, '/blocked', 403);
    return answer(c, form, restart('TwoFactorExpired'), 401);
  }
}

/** A new session at every sign-in: a token planted before sign-in never becomes valid. */
async function startSession(c: Context<AppEnv>, userId: number, secondFactor: boolean) {
  const db = c.get('db');
  const oldSession = c.get('sessionId');
  if (oldSession) await invalidateSession(db, oldSession);
  const { token, expiresAt } = await createSession(db, userId, {
    ip: c.get('ip'),
    userAgent: c.req.header('user-agent'),
    secondFactor,
  });
  writeCookie(c, sessionCookieName(c.get('config').secureCookies), token, expiresAt);
  await alertIfNewBrowser(c, userId).catch((e: unknown) => log.error('sign-in notification failed', e));
}

/**
 * The "New sign-in" alert, only for a browser this account has not signed in from before, and
 * not for a new account's first one (docs/decisions/0075-sign-in-alerts-for-new-browsers.md).
 * A failure here must not fail the sign-in, so the caller catches.
 */
async function alertIfNewBrowser(c: Context<AppEnv>, userId: number) {
  const db = c.get('db');
  const device = await recordSignInDevice(db, userId, deviceTokenOf(c));
  if (device !== 'new') return;
  await notifyNewSignIn(db, c.get('realtime'), userId, c.req.header('user-agent'));
}

/** Where a signed-in member goes: onboarding first when it is not done. */
function afterSignIn(callbackUrl: string, setupNeeded: boolean): string {
  const alreadyToSetup = callbackUrl === '/setup' || callbackUrl.startsWith('/setup?');
  return setupNeeded && !alreadyToSetup ? `/setup?${new URLSearchParams({ callbackUrl })}` : callbackUrl;
}

type AuthForm = Record<string, string | undefined>;

async function formOf(c: Context<AppEnv>): Promise<AuthForm> {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
}

/** {url} for script callers (json=true), a 303 redirect for plain form posts. */
function answer(
  c: Context<AppEnv>,
  form: AuthForm,
  url: string,
  status: 200 | 400 | 401 | 403 | 429 = 200,
  message?: string,
) {
  c.header('Cache-Control', 'no-store');
  if (form.json === 'true') return c.json(message ? { url, error: message } : { url }, status);
  return c.redirect(url, 303);
}
