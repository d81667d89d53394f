import { expect, type Page } from '@playwright/test';
import { demoStaffCode, enterCodeOnPage, isDemoStaff } from './two-factor-helpers';

/** Shared by the account specs (auth.spec.ts, auth-a11y.spec.ts): demo logins and the header's account UI. */
export const PASSWORD = 'democracy-2026';
export const demo = (local: string) => `${local}@demo.campaignhq.test`;

export type Item = [label: string, href: string | null];

export const memberItems = (profile = '/myprofile'): Item[] => [
  ['Home', '/'],
  ['Profile', profile],
  ['Search', '/search'],
  ['Job Marketplace', '/jobs'],
  ['Membership', '/membership'],
  ['Settings', '/settings'],
  ['Sign Out', null],
];

export async function hydrated(page: Page, island: string) {
  await expect(page.locator(`[data-island="${island}"]`).first()).toHaveAttribute('data-hydrated', 'true');
}

/** Signs in through the page's form and waits until the browser has left the sign-in page. */
export async function signIn(page: Page, email: string, callbackUrl = '/jobs') {
  await page.goto(`/auth/signin?${new URLSearchParams({ callbackUrl })}`);
  await submitSignIn(page, email);
}

export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/signin'));
  // Demo staff have two-factor sign-in: the code page follows the password (two-factor-helpers.ts).
  if (new URL(page.url()).pathname === '/auth/two-factor' && isDemoStaff(email) && password === PASSWORD) {
    await enterCodeOnPage(page, await demoStaffCode(email));
  }
}

export async function openAccountMenu(page: Page) {
  await hydrated(page, 'AccountMenu');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  return menu;
}

export async function menuItems(page: Page): Promise<Item[]> {
  const menu = await openAccountMenu(page);
  return menu
    .getByRole('menuitem')
    .evaluateAll((els) => els.map((el) => [el.textContent?.trim() ?? '', el.getAttribute('href')] as Item));
}

export const header = (page: Page) => page.locator('header.site-header');

export async function expectGreeting(page: Page, text: string, href: string) {
  const greeting = header(page).locator('.greeting');
  await expect(greeting).toHaveText(text);
  await expect(greeting).toHaveAttribute('href', href);
}

export async function expectIcons(page: Page, shown: boolean) {
  const messages = header(page).getByRole('link', { name: 'Messages', exact: true });
  // Every sign-in adds a security notice (type 8), so the bell may carry an unread count.
  const notifications = header(page).getByRole('link', { name: /^Notifications/ });
  if (!shown) {
    await expect(messages).toHaveCount(0);
    await expect(notifications).toHaveCount(0);
    return;
  }
  await expect(messages).toHaveAttribute('href', '/messaging');
  await expect(messages.locator('[data-badge]')).toBeHidden();
  await expect(notifications).toHaveAttribute('href', '/notifications');
}
