/** What the member pages of this group share: the members-only guard, the member's own row and form state. */
import type { Context, Handler } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { ownUserRow } from '../../../api/modules/people/own-user';
import type { User } from '../../../db/schema';
import type { FieldErrors } from '../../lib/form-errors';
import { signInUrl } from '../../lib/sign-in-url';

/** Visitors are sent to sign in and brought back; members reach the handler with their session user. */
export function membersOnly(
  handler: (c: Context<AppEnv>, user: SessionUser) => Response | Promise<Response>,
): Handler<AppEnv> {
  return (c) => {
    const user = c.get('user');
    if (!user) {
      if (c.req.method !== 'GET')
        return c.redirect(signInUrl(new URL(c.req.header('referer') ?? '/', 'http://x').pathname), 303);
      return c.redirect(signInUrl(c.req.path), 302);
    }
    return handler(c, user);
  };
}

/** The signed-in member's own row (the session user carries only what the header needs). */
export function loadOwnUser(c: Context<AppEnv>, user: SessionUser): Promise<User> {
  return ownUserRow(c.get('db'), user.id);
}

/** What a re-rendered form shows: a success notice, field errors, or one message for the form. */
export interface FormState {
  notice?: string;
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
}

/** Form fields as strings (File values, which these forms do not have, become empty). */
export async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
}
