/**
 * Log Out / Sign Out (docs/product/spec.md §4): ends the session through the auth endpoints, forgets
 * what the browser kept for this user, resets the cart and goes home. Shared by the header's
 * Log Out button and the avatar menu's Sign Out item.
 */
export const CART_STORAGE_KEY = 'cartItems';
export const PROFILE_IMAGE_STORAGE_KEY = 'profileImage';
/** Dispatched on window so the cart island (a later issue) empties its state. */
export const CART_RESET_EVENT = 'cart:reset';

export async function signOut(): Promise<void> {
  try {
    const csrf = await fetch('/api/auth/csrf', { credentials: 'same-origin', cache: 'no-store' });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const body = new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'true' });
    const answer = await fetch('/api/auth/signout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (!answer.ok) console.error(`Sign-out answered ${answer.status}`);
  } catch (error) {
    console.error('Sign-out failed', error);
  }
  forgetLocalAccountData();
  window.location.assign('/');
}

export function forgetLocalAccountData() {
  try {
    localStorage.removeItem(CART_STORAGE_KEY);
    localStorage.removeItem(PROFILE_IMAGE_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); nothing to clear then.
  }
  window.dispatchEvent(new Event(CART_RESET_EVENT));
}
