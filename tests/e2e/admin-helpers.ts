import { expect, type Page, test } from '@playwright/test';
import { visibleSections } from '../../api/contract/console-screens';
import { permissionsFor } from '../../api/contract/permissions';
import type { StaffRole } from '../../db/schema';

export const PASSWORD = 'democracy-2026';
export const demo = (local: string) => `${local}@demo.campaignhq.test`;

/**
 * Signs the page's context in through the Auth.js-compatible endpoint, as the sign-in form
 * does (page.request shares the context's cookies). Throws on any answer but 200.
 */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password, json: 'true', callbackUrl: '/admin' },
    headers: { origin: baseUrl(page) },
  });
  expect(response.status(), `sign-in as ${email}`).toBe(200);
}

/** The sign-in answer for a credentials attempt, without asserting success. */
export async function trySignIn(page: Page, email: string, password = PASSWORD) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  return page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password, json: 'true', callbackUrl: '/' },
    headers: { origin: baseUrl(page) },
  });
}

/** The server's origin, for the Origin header the same-origin check wants on writes. */
export function baseUrl(_page?: Page): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts sets use.baseURL');
  return new URL(url).origin;
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** Waits until the sidebar has its items (they stay hidden while permissions load). */
export async function sidebarItems(page: Page): Promise<[string, string][]> {
  const links = sidebar(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((els) =>
    els.map((el) => [el.textContent?.trim() ?? '', el.getAttribute('href') ?? '']),
  );
}

export function expectedItems(role: StaffRole): [string, string][] {
  return visibleSections(permissionsFor(role)).flatMap((s) =>
    s.items.map((i) => [i.label, i.path] as [string, string]),
  );
}

/** The newest emailed link to /auth/reset-password for `email`, read from /dev/mailbox. */
export async function invitationPath(page: Page, email: string): Promise<string> {
  const html = await (await page.request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
  const match = /\/auth\/reset-password\?token=([a-z0-9]+)/.exec(html);
  expect(match, `an invitation email to ${email}`).not.toBeNull();
  return `/auth/reset-password?token=${match![1]}`;
}
