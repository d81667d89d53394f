import { expect, type Page, test } from '@playwright/test';
import {
  baseUrl,
  demo,
  expectedItems,
  invitationPath,
  searchConsoleList,
  sidebarItems,
  signIn,
  trySignIn,
} from '../admin-helpers';
import { enrolInConsole } from '../two-factor-helpers';

/**
 * Staff actions end to end: register an employee who then signs in, block an account and see
 * it refused at sign-in, switch campaign donations off and on.
 */
test.use({ viewport: { width: 1280, height: 800 } });
// Each test signs in two or three accounts and sets a password (argon2): give them room on 2 cores.
test.describe.configure({ timeout: 90_000 });

async function setPassword(page: Page, email: string, password: string) {
  await page.goto(await invitationPath(page, email));
  await expect(page.locator('[data-island="NewPasswordForm"]')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
}

test('register an employee, who sets a password from the invitation and signs in', async ({
  page,
  browser,
}) => {
  const email = `e2e.hire.${Date.now()}@campaignhq.test`;
  await signIn(page, demo('admin'));
  await page.goto('/admin/employee-registration');
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Support' }).click();
  await page.getByLabel('Department').fill('Member care');
  await page.getByLabel('Title').fill('Support specialist');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `invitation was sent to ${email}` })).toBeVisible();

  const context = await browser.newContext();
  try {
    const hire = await context.newPage();
    await hire.goto('/');
    await setPassword(hire, email, 'riley-joins-the-team-26');
    await signIn(hire, email, 'riley-joins-the-team-26');
    await hire.goto('/admin');
    // Staff enrol in two-factor sign-in before any screen opens (staff-two-factor.spec.ts goes on).
    await enrolInConsole(hire);
    expect(await sidebarItems(hire)).toEqual(expectedItems('SUPPORT'));
  } finally {
    await context.close();
  }
});

test('block an account and see it refused at sign-in', async ({ page, browser }) => {
  // A fresh account of its own, so no other test's demo login is ever blocked.
  const email = `e2e.block.${Date.now()}@campaignhq.test`;
  await signIn(page, demo('admin'));
  await page.goto('/admin');
  const created = await page.request.post('/api/admin/rest/employees', {
    data: {
      email,
      first_name: 'Blake',
      last_name: 'Moreno',
      role: 'SALES',
      department: 'Sales',
      title: 'Rep',
    },
    headers: { origin: baseUrl() },
  });
  expect(created.status()).toBe(201);
  const context = await browser.newContext();
  try {
    const target = await context.newPage();
    await target.goto('/');
    await setPassword(target, email, 'blake-signs-in-2026');
    await signIn(target, email, 'blake-signs-in-2026');

    await page.goto('/admin/all-users');
    await searchConsoleList(page, 'Name or email', email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Block' }).click();
    await page.getByLabel('Reason').fill('E2E: spam messages');
    await page.getByRole('button', { name: 'Block account' }).click();
    await expect(row.getByRole('button', { name: 'Unblock' })).toBeVisible();

    // Their open session is gone, and signing in again is refused.
    const session = await target.request.get('/api/auth/session');
    expect(await session.json()).toEqual({});
    const refused = await trySignIn(target, email, 'blake-signs-in-2026');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ url: '/blocked' });
  } finally {
    await context.close();
  }
});

// Tagged: runs in its own project after everything else (see playwright.config.ts).
test('switching campaign donations off hides the candidate’s Campaign Dashboard', {
  tag: '@toggle-console',
}, async ({ page, browser }) => {
  await signIn(page, demo('admin'));
  const context = await browser.newContext();
  const candidate = await context.newPage();
  await candidate.goto('/');
  await signIn(candidate, demo('candidate'));
  const campaignItem = async () => {
    await candidate.goto('/jobs');
    await expect(candidate.locator('[data-island="AccountMenu"]')).toHaveAttribute('data-hydrated', 'true');
    await candidate.getByRole('button', { name: 'Account menu' }).click();
    const menu = candidate.getByRole('menu', { name: 'Account' });
    await expect(menu).toBeVisible();
    return menu.getByRole('menuitem', { name: 'Campaign Dashboard' }).count();
  };
  await page.goto('/admin/feature-toggle');
  const toggle = page.getByRole('switch', { name: 'campaign-donations' });
  try {
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText('campaign-donations is off')).toBeVisible();
    expect(await campaignItem()).toBe(0);
  } finally {
    if (!(await toggle.isChecked())) await toggle.click();
    await expect(toggle).toBeChecked();
  }
  expect(await campaignItem()).toBe(1);
  await context.close();
});
