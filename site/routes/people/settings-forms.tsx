import type { Context } from 'hono';
import type { z } from 'zod';
import { clearCookie, sessionCookieName } from '../../../api/auth/cookies';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { ConflictError, RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { deleteAccount, exportUserData } from '../../../api/modules/people/account-data';
import { updateAttributeVisibility } from '../../../api/modules/people/profiles';
import {
  deleteAccountInput,
  emailChangeInput,
  namesInput,
  passwordChangeInput,
} from '../../../api/modules/people/schema';
import {
  changePassword,
  confirmEmailChange,
  requestEmailChange,
  setNotificationPreferences,
  updateNames,
} from '../../../api/modules/people/settings';
import { PageHero, Prose } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { formFields } from './member-pages';
import { SETTINGS_NOTICES, type SettingsSection, settingsPage } from './settings-page';

/** Validates a section's form, runs the change, and answers with a redirect or the page with errors. */
async function handle<S extends z.ZodType>(
  c: Context<AppEnv>,
  user: SessionUser,
  section: SettingsSection,
  schema: S,
  run: (input: z.infer<S>) => Promise<unknown>,
) {
  const fields = await formFields(c);
  // Passwords are never sent back into the page.
  const values = Object.fromEntries(Object.entries(fields).filter(([k]) => !/password/i.test(k)));
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const errors = (parsed.error as z.ZodError).flatten().fieldErrors as Record<string, string[]>;
    return settingsPage(c, user, { section, errors, values }, 400);
  }
  try {
    await run(parsed.data);
  } catch (error) {
    const failed = failure(error);
    if (!failed) throw error;
    return settingsPage(c, user, { section, ...failed, values }, failed.status);
  }
  return c.redirect(`/settings?saved=${section}`, 303);
}

function failure(
  error: unknown,
): { errors?: Record<string, string[]>; formError?: string; status: number } | null {
  if (error instanceof ValidationError) return { errors: error.fieldErrors, status: 400 };
  if (error instanceof RateLimitedError) return { formError: error.message, status: 429 };
  if (error instanceof ConflictError) return { formError: error.message, status: 409 };
  return null;
}

export function showSettings(c: PageContext, user: SessionUser) {
  const saved = c.req.query('saved');
  return settingsPage(c, user, { notice: saved ? SETTINGS_NOTICES[saved] : undefined });
}

export function saveNames(c: PageContext, user: SessionUser) {
  return handle(c, user, 'names', namesInput, (input) => updateNames(c.get('db'), user.id, input));
}

export function requestNewEmail(c: PageContext, user: SessionUser) {
  return handle(c, user, 'email', emailChangeInput, (input) =>
    requestEmailChange(
      { db: c.get('db'), email: c.get('email'), appUrl: c.get('config').appUrl },
      user.id,
      input,
    ),
  );
}

export function savePassword(c: PageContext, user: SessionUser) {
  return handle(c, user, 'password', passwordChangeInput, (input) =>
    changePassword(c.get('db'), user.id, c.get('sessionId'), input),
  );
}

export async function saveVisibility(c: PageContext, user: SessionUser) {
  const fields = await formFields(c);
  try {
    await updateAttributeVisibility(c.get('db'), user.id, fields);
  } catch (error) {
    const failed = failure(error);
    if (!failed) throw error;
    const formError = failed.formError ?? 'Choose Everyone, Members only or Only me for each detail.';
    return settingsPage(c, user, { section: 'visibility', formError }, failed.status);
  }
  return c.redirect('/settings?saved=visibility#visibility', 303);
}

export async function saveNotificationChoices(c: PageContext, user: SessionUser) {
  const fields = await formFields(c);
  const choices = Object.fromEntries(
    Array.from({ length: 11 }, (_, i) => [String(i + 1), fields[`type-${i + 1}`] === 'on']),
  );
  try {
    await setNotificationPreferences(c.get('db'), user.id, choices);
  } catch (error) {
    const failed = failure(error);
    if (!failed) throw error;
    return settingsPage(c, user, { section: 'notifications', ...failed }, failed.status);
  }
  return c.redirect('/settings?saved=notifications', 303);
}

export async function exportMyData(c: PageContext, user: SessionUser) {
  const data = await exportUserData(c.get('db'), user.id);
  const day = new Date().toISOString().slice(0, 10);
  return c.body(JSON.stringify(data, null, 2), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="campaign-hq-data-${day}.json"`,
    'Cache-Control': 'no-store',
  });
}

export async function deleteMyAccount(c: PageContext, user: SessionUser) {
  const fields = await formFields(c);
  const parsed = deleteAccountInput.safeParse(fields);
  const values = { confirmEmail: fields.confirmEmail ?? '' };
  if (!parsed.success) {
    return settingsPage(
      c,
      user,
      { section: 'delete', errors: parsed.error.flatten().fieldErrors, values },
      400,
    );
  }
  try {
    await deleteAccount({ db: c.get('db'), files: c.get('files'), ip: c.get('ip') }, user.id, parsed.data);
  } catch (error) {
    const failed = failure(error);
    if (!failed) throw error;
    return settingsPage(c, user, { section: 'delete', ...failed, values }, failed.status);
  }
  clearCookie(c, sessionCookieName(c.get('config').secureCookies));
  return renderPage(c, {
    meta: {
      title: 'Account deleted',
      description: 'Your Campaign HQ account is deleted.',
      noindex: true,
    },
    body: (
      <>
        <PageHero title="Your account is deleted" />
        <Prose>
          <p role="status">
            We removed your profile and personal details. Thank you for campaigning with us.
          </p>
          <p>
            <a href="/">Back to the home page</a>
          </p>
        </Prose>
      </>
    ),
  });
}

// Opened from the email, perhaps in another browser: the token alone proves the new address.
export async function confirmNewEmail(c: PageContext) {
  const token = c.req.query('token') ?? '';
  let changed: { email: string } | null = null;
  let problem = 'This link has expired or was already used. You can ask for a new one in Settings.';
  try {
    changed = token.length >= 10 ? await confirmEmailChange(c.get('db'), token) : null;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    problem = error.message;
  }
  return renderPage(c, {
    status: changed ? 200 : 400,
    meta: { title: 'Confirm your new email', description: 'Email change confirmation.', noindex: true },
    body: (
      <>
        <PageHero title={changed ? 'Your email is changed' : 'This link does not work'} />
        <Prose>
          <p role="status">{changed ? `From now on you sign in with ${changed.email}.` : problem}</p>
          <p>
            <a href="/settings">Go to Settings</a>
          </p>
        </Prose>
      </>
    ),
  });
}
