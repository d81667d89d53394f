/** Where visitors of member-only pages are sent: the sign-in page, back to `callbackPath` after. */
export function signInUrl(callbackPath: string): string {
  const params = new URLSearchParams({ callbackUrl: callbackPath, error: 'SessionRequired' });
  return `/api/auth/signin?${params}`;
}
