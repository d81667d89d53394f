import type { Context, Hono } from 'hono';
import { clearCookie, sessionCookieName, writeCookie } from '../auth/cookies';
import { issueCsrfToken, verifyCsrfToken } from '../auth/csrf-token';
import { safeRedirect } from '../auth/safe-redirect';
import { createSession, invalidateSession } from '../auth/sessions';
import { credentialsInput } from '../modules/accounts/schema';
import { resendVerification } from '../modules/accounts/service';
import { SignInError, signInWithPassword } from '../modules/accounts/sign-in';
import { notifyNewSignIn } from '../modules/accounts/sign-in-notice';
import { RateLimitedError } from '../modules/errors';
import type { AppEnv } from '../platform/env';
import { log } from '../platform/logger';

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
    const { userId, setupNeeded } = await signInWithPassword(db, { ...parsed.data, ip: c.get('ip') });
    // A new session at every sign-in: a token planted before sign-in never becomes valid.
    const oldSession = c.get('sessionId');
    if (oldSession) await invalidateSession(db, oldSession);
    const { token, expiresAt } = await createSession(db, userId, {
      ip: c.get('ip'),
      userAgent: c.req.header('user-agent'),
    });
    writeCookie(c, sessionCookieName(config.secureCookies), token, expiresAt);
    await notifyNewSignIn(db, c.get('realtime'), userId, c.req.header('user-agent')).catch((e: unknown) =>
      log.error('sign-in notification failed', e),
    );
    const alreadyToSetup = callbackUrl === '/setup' || callbackUrl.startsWith('/setup?');
    const destination =
      setupNeeded && !alreadyToSetup ? `/setup?${new URLSearchParams({ callbackUrl })}` : callbackUrl;
    return answer(c, form, destination);
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
