import type { Next } from 'hono';
import { loadStaffAccess, type PermissionRequirement, satisfies } from '../../api/modules/staff/access';
import { signInUrl } from '../lib/sign-in-url';
import type { PageContext } from './page';

/** The path and query of the current request: where sign-in sends the visitor back to. */
function here(c: PageContext): string {
  const url = new URL(c.req.url);
  return `${url.pathname}${url.search}`;
}

/** Visitors are sent to sign in (and back here after); signed-in users get null. */
export function requireSignedIn(c: PageContext): Response | null {
  return c.get('user') ? null : c.redirect(signInUrl(here(c)), 302);
}

/** requireSignedIn as a route guard, for a group of member pages (see site/routes/messaging). */
export async function signedInOnly(c: PageContext, next: Next): Promise<Response | undefined> {
  const refused = requireSignedIn(c);
  if (refused) return refused;
  await next();
}

/**
 * Pages behind a staff permission (docs/product/spec.md §6): visitors go to sign in; signed-in users
 * whose role and grants do not satisfy the requirement go to /403. Null means "render the page".
 */
export async function requirePagePermission(
  c: PageContext,
  requirement: PermissionRequirement,
): Promise<Response | null> {
  const user = c.get('user');
  if (!user) return c.redirect(signInUrl(here(c)), 302);
  const staff = await loadStaffAccess(c.get('db'), user.id, { secondFactor: c.get('secondFactor') });
  if (!staff || !satisfies(staff.permissions, requirement)) return c.redirect('/403', 302);
  return null;
}
