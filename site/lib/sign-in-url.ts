/** Where visitors of member-only pages are sent: the sign-in page, back to `callbackPath` after. */
export function signInUrl(callbackPath: string): string {
  const params = new URLSearchParams({ callbackUrl: callbackPath, error: 'SessionRequired' });
  return `/api/auth/signin?${params}`;
}

/**
 * A local path to go to after a form, or `fallback`: it must start with one '/' (not '//' or
 * '/\'), so a link can never send the user to another site.
 */
export function localPath(raw: string | null | undefined, fallback: string): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
