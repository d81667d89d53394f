import { expect, test } from '@playwright/test';
import { demo, expectedItems, sidebar, sidebarItems, signIn } from '../admin-helpers';

/**
 * The staff console (docs/product/spec.md §2, Admin sidebar; §6, Access Denied): what each role
 * sees, the mobile drawer, deep links and reloads, and the denied screen.
 */
test.use({ viewport: { width: 1280, height: 800 } });

for (const [local, role] of [
  ['support', 'SUPPORT'],
  ['finance', 'FINANCE'],
  ['admin', 'SUPER_ADMIN'],
] as const) {
  test(`the sidebar shows exactly what ${role} may open`, async ({ page }) => {
    await signIn(page, demo(local));
    await page.goto('/admin');
    expect(await sidebarItems(page)).toEqual(expectedItems(role));
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'admin');
    await expect(page.locator('.admin-shell')).toHaveCount(1);
    await expect(page.locator('header.site-header, footer.site-footer')).toHaveCount(0);
  });
}

test('a screen opened without its permission says Access Denied and why', async ({ page }) => {
  await signIn(page, demo('support'));
  await page.goto('/admin/audit-logs');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('You need the View Audit Logs permission to view this content.')).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Audit Logs' })).toHaveCount(0);
});

test('visitors are sent to sign in and members to /403', async ({ page }) => {
  await page.goto('/admin/coupons');
  const landed = new URL(page.url());
  expect(landed.pathname).toBe('/api/auth/signin');
  expect(landed.searchParams.get('callbackUrl')).toBe('/admin/coupons');
  await signIn(page, demo('member'));
  await page.goto('/admin/coupons');
  expect(new URL(page.url()).pathname).toBe('/403');
});

test('a deep path works when typed and when reloaded, and loads only its own screen', async ({ page }) => {
  await signIn(page, demo('admin'));
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/admin/revenues/partners');
  await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vendors by month' })).toBeVisible();
  expect(scripts.some((s) => /\/(Dashboard|CouponList|Security)-/.test(s))).toBe(false);

  await page.goto('/admin/coupons');
  await page.getByRole('cell', { name: 'WELCOME10' }).click();
  await expect(page).toHaveURL(/\/admin\/coupons\/\d+$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit coupon', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveValue('WELCOME10');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is a full-screen drawer that closes on navigation', async ({ page }) => {
    await signIn(page, demo('finance'));
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = sidebar(page);
    await expect(nav).toBeVisible();
    const box = await nav.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(370);
    expect(await sidebarItems(page)).toEqual(expectedItems('FINANCE'));
    await nav.getByRole('link', { name: 'Coupons' }).click();
    await expect(page).toHaveURL(/\/admin\/coupons$/);
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  });
});

test('the tests screen lists the background job queue for VIEW_TESTS', async ({ page }) => {
  await signIn(page, demo('admin'));
  await page.goto('/admin/tests');
  await expect(page.getByRole('heading', { name: 'Background jobs', level: 2 })).toBeVisible();
  const jobs = page.getByRole('table', { name: 'Background jobs' });
  await expect(jobs.getByRole('columnheader', { name: 'Queue', exact: true })).toBeVisible();
  await expect(jobs.getByRole('columnheader', { name: 'Progress' })).toBeVisible();
  await expect(page.getByText(/in the queue's history; newest first\./)).toBeVisible();
});

test('a failed staff-profile load keeps the staff member signed in, without permissions, and says so', async ({
  page,
}) => {
  await signIn(page, demo('finance'));
  let failed = 0;
  await page.route('**/api/doors/trpc/admins.getAdminUserInfo*', (route) => {
    failed++;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' });
  });
  await page.goto('/admin/coupons');
  await expect(page.getByRole('alert')).toContainText('Your staff permissions could not be loaded');
  expect(failed).toBeGreaterThan(0);
  // Still in the console, not sent to sign in, and no screen is opened without a permission.
  expect(new URL(page.url()).pathname).toBe('/admin/coupons');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(sidebar(page).getByRole('link')).toHaveCount(0);
  // The session survived: once the profile loads again, the permissions come back.
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user?: { id: number } };
  expect(session.user?.id).toBeTruthy();
  await page.unroute('**/api/doors/trpc/admins.getAdminUserInfo*');
  await page.reload();
  expect(await sidebarItems(page)).toEqual(expectedItems('FINANCE'));
  await expect(page.getByRole('alert')).toHaveCount(0);
});
