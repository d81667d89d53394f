import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  baseUrl,
  demo,
  expectedItems,
  invitationPath,
  searchConsoleList,
  sidebar,
  sidebarItems,
  signIn,
} from '../admin-helpers';
import { codeOfSecret, enrolInConsole } from '../two-factor-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * Two-factor sign-in for staff (docs/decisions/0040-staff-two-factor-sign-in.md): a new employee
 * signs in with the password, meets only the enrolment panel in the console, enrols, and from then
 * on signs in through the code page.
 */
test.describe.configure({ timeout: 120_000 });

/** WCAG 2.2 AA on the page, or only inside `within` (a dialog: the backdrop dims what is under it). */
async function noAxeViolations(page: Page, within?: string) {
  let builder = wcagAxe(page);
  if (within) builder = builder.include(within);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
}

/** Registers a SALES employee (as the demo super admin, who stays signed in on `page`) with a password; answers the id. */
async function newEmployee(page: Page, email: string, password: string): Promise<number> {
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
  const { id } = (await created.json()) as { id: number };
  await page.goto(await invitationPath(page, email));
  await expect(page.locator('[data-island="NewPasswordForm"]')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  return id;
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

test('a super admin resets the two-factor sign-in of an employee who lost their phone', async ({
  page,
  browser,
}) => {
  // A fresh employee of its own: resetting a demo account would end sessions other tests keep.
  const email = `e2e.2fa.reset.${Date.now()}@campaignhq.test`;
  const password = 'jordan-lost-the-phone-26';
  const id = await newEmployee(page, email, password);
  const lostPhone = await signInThroughForm(browser, email, password);
  await enrolInConsole(lostPhone);
  expect(await sidebarItems(lostPhone)).toEqual(expectedItems('SALES'));

  // The list shows who has two-factor sign-in; the row opens the employee.
  await page.goto('/admin/employees');
  await searchConsoleList(page, 'Name or email', email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Enrolled');
  await row.getByText(email).click();
  await expect(page).toHaveURL(new RegExp(`/admin/employees/${id}$`));
  // Employees are not deleted (no such route): the form offers Save alone.
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(panel.getByTestId('employee-two-factor-status')).toHaveText('Enrolled');
  await panel.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Reset two-factor sign-in of Jordan Reyes?');
  // Checked once the dialog has faded in: mid-fade its text is paler than it will be.
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await noAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(
    page.getByText('Two-factor sign-in of Jordan Reyes is reset.', { exact: false }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('employee-two-factor-status')).toHaveText('Not set up');
  await expect(panel.getByRole('button', { name: 'Reset two-factor sign-in' })).toHaveCount(0);

  await page.goto('/admin/employees');
  await searchConsoleList(page, 'Name or email', email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Not set up');

  // The session on the lost phone is over; the next sign-in asks to set it up again, not for a code.
  expect((await lostPhone.request.get('/api/admin/rest/dashboard/summary')).status()).toBe(401);
  await lostPhone.context().close();
  const next = await signInThroughForm(browser, email, password);
  await expect(next).toHaveURL(/\/admin$/);
  await expect(next.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await next.context().close();
});
