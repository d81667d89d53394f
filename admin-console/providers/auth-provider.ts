import type { AuthProvider } from 'react-admin';
import { type AdminInfo, forgetAdminInfo, loadAdminInfo, signInUrl } from './admin-info';

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * Sessions belong to the site (cookie + /api/auth); the console only asks who is signed in.
 * Visitors are sent to sign in and members without a staff role to /403 (the server does the
 * same before the console even loads). Permissions come from admins.getAdminUserInfo.
 */
export const authProvider: AuthProvider = {
  async login() {
    window.location.assign(signInUrl('/admin'));
  },

  async logout() {
    forgetAdminInfo();
    try {
      const csrf = await fetch('/api/auth/csrf', { credentials: 'same-origin', cache: 'no-store' });
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      await fetch('/api/auth/signout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, callbackUrl: '/', json: 'true' }),
      });
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    return `${window.location.origin}/`;
  },

  async checkAuth() {
    let info: AdminInfo | null;
    try {
      info = await loadAdminInfo();
    } catch (error) {
      // docs/product/spec.md §8: a failed admin-info load leaves the user signed in without
      // permissions (AdminInfoAlert says so). Rejecting here would make react-admin sign them out;
      // the server only serves the console to a staff session, so staying is safe.
      console.error(error);
      return;
    }
    if (!info) throw { redirectTo: signInUrl(here()), message: false };
    if (!info.role) {
      // Signed in but not staff: leave for /403 without signing them out.
      window.location.assign('/403');
      await new Promise(() => {});
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forgetAdminInfo();
      throw { redirectTo: signInUrl(here()), message: false };
    }
    // 403 and the rest: stay, the screen shows the server's message.
  },

  async getPermissions() {
    try {
      return (await loadAdminInfo())?.permissions ?? [];
    } catch (error) {
      // docs/product/spec.md §8: a failed admin-info load leaves the user without permissions.
      console.error(error);
      return [];
    }
  },

  async getIdentity() {
    // A failed load rejects here too: react-admin then shows no name, and checkError (no 401) keeps the session.
    const info = await loadAdminInfo();
    if (!info) throw new Error('Not signed in.');
    return { id: info.id, fullName: info.name };
  },
};
