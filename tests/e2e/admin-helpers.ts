import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { visibleSections } from '../../api/contract/console-screens';
import { permissionsFor } from '../../api/contract/permissions';
import type { StaffRole } from '../../db/schema';
import { demoStaffCode, isDemoStaff, postSecondFactor, readRunFile, runFile } from './two-factor-helpers';

export const PASSWORD = 'democracy-2026';
export const demo = (local: string) => `${local}@demo.campaignhq.test`;

/**
 * Signs the page's context in through the Auth.js-compatible endpoint, as the sign-in form
 * does (page.request shares the context's cookies). Throws on any answer but 200. Demo staff
 * then give their two-factor code (two-factor-helpers.ts); their session is kept for the run
 * and reused while the server still knows it, so the suite claims few codes.
 */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  const staff = isDemoStaff(email) && password === PASSWORD;
  if (staff && (await reuseSession(page, email))) return;
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password, json: 'true', callbackUrl: '/admin' },
    headers: { origin: baseUrl(page) },
  });
  expect(response.status(), `sign-in as ${email}`).toBe(200);
  const { url } = (await response.json()) as { url: string };
  if (!staff || !url.startsWith('/auth/two-factor')) return;
  await postSecondFactor(page, await demoStaffCode(email), '/admin', baseUrl(page));
  const session = (await page.context().cookies()).find((c) => c.name === 'hq_session');
  if (session) writeFileSync(runFile(`${email}.session`), session.value);
}

/** Puts the run's kept session of `email` in the page's context; false when there is none or it ended. */
async function reuseSession(page: Page, email: string): Promise<boolean> {
  const token = readRunFile(`${email}.session`);
  if (!token) return false;
  await page.context().addCookies([{ name: 'hq_session', value: token, url: baseUrl(page), httpOnly: true }]);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: unknown };
  if (session.user) return true;
  await page.context().clearCookies({ name: 'hq_session' });
  return false;
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

/**
 * Types into a console list's search box (react-admin's `q` filter) and waits until the list
 * applies it. The search is debounced and then rewrites the URL: a row clicked before that opens
 * its record, and the late rewrite takes the page back to the list (a CI run failed that way).
 */
export async function searchConsoleList(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`"q":${JSON.stringify(text)}`);
}
