import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl, demo, expectedItems, invitationPath, sidebar, sidebarItems, signIn } from './admin-helpers';
import { codeOfSecret, enrolInConsole } from './two-factor-helpers';

/**
 * Two-factor sign-in for staff (docs/decisions/0040-staff-two-factor-sign-in.md): a new employee
 * signs in with the password, meets only the enrolment panel in the console, enrols, and from then
 * on signs in through the code page.
 */
test.describe.configure({ timeout: 120_000 });

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
}

async function newEmployee(page: Page, email: string, password: string) {
  await signIn(page, demo('admin'));
  const created = await page.request.post('/api/admin/rest/employees', {
    data: {
      email,
      first_name: 'Jordan',
      last_name: 'Reyes',
      role: 'SALES',
      department: 'Sales',
      title: 'Rep',
    },
    headers: { origin: baseUrl() },
  });
  expect(created.status()).toBe(201);
  await page.goto(await invitationPath(page, email));
  await expect(page.locator('[data-island="NewPasswordForm"]')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
}

async function signInThroughForm(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth/signin?callbackUrl=%2Fadmin');
  await expect(page.locator('[data-island="SignInForm"]')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/signin'));
  return page;
}

test('a new employee enrols from the console, then signs in with a code', async ({ page, browser }) => {
  const email = `e2e.2fa.${Date.now()}@campaignhq.test`;
  const password = 'jordan-uses-a-phone-26';
  await newEmployee(page, email, password);

  // First sign-in: the password opens the console, which shows nothing but the enrolment panel.
  const first = await signInThroughForm(browser, email, password);
  await expect(first).toHaveURL(/\/admin$/);
  await expect(first.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(sidebar(first).getByRole('link')).toHaveCount(0);
  const refused = await first.request.get('/api/admin/rest/all-users');
  expect(refused.status()).toBe(403);
  await noAxeViolations(first);
  const { secret, recoveryCodes } = await enrolInConsole(first);
  expect(recoveryCodes).toHaveLength(10);
  expect(await sidebarItems(first)).toEqual(expectedItems('SALES'));
  await first.context().close();

  // From now on the password leads to the code page; a wrong code is refused, the right one signs in.
  const again = await signInThroughForm(browser, email, password);
  await expect(again).toHaveURL(/\/auth\/two-factor\?callbackUrl=%2Fadmin$/);
  const code = again.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await noAxeViolations(again);
  expect(await (await again.request.get('/api/auth/session')).json()).toEqual({});
  await code.fill('000000');
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(again.getByRole('alert')).toHaveText(
    'That code is not right. Check your authenticator app and try again.',
  );
  await again.getByLabel('Authentication code').fill(await codeOfSecret(secret));
  await again.getByRole('button', { name: 'Verify' }).click();
  await again.waitForURL((url) => url.pathname === '/admin');
  expect(await sidebarItems(again)).toEqual(expectedItems('SALES'));
  await again.context().close();
});
