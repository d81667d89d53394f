import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, signIn } from '../admin-helpers';
import { smallControls } from '../target-size';
import { wcagAxe } from '../wcag-axe';

/**
 * WCAG 2.2 A/AA checks with axe on the console's main screens, once each has loaded its data, and the
 * 24 px target scan (2.5.8) of each screen.
 */
const SCREENS: [path: string, ready: (page: Page) => Locator][] = [
  ['/admin', (p) => p.getByText('New sign-ups per month')],
  ['/admin/all-users', (p) => p.getByRole('row').nth(1)],
  ['/admin/users', (p) => p.getByRole('cell', { name: 'California' })],
  ['/admin/security', (p) => p.getByRole('cell', { name: '203.0.113.45' })],
  ['/admin/coupons', (p) => p.getByRole('cell', { name: 'WELCOME10' })],
  ['/admin/employee-registration', (p) => p.getByRole('heading', { name: 'Register an employee', level: 1 })],
  ['/admin/revenues/merchandise', (p) => p.getByRole('cell', { name: 'CHQ-DEMO0001' })],
  ['/admin/campaign-donations', (p) => p.getByRole('cell', { name: 'Knock every door in OH-03' }).first()],
  ['/admin/revenues/donations', (p) => p.getByRole('heading', { name: 'Gifts by day' })],
  ['/admin/paid-users', (p) => p.getByRole('cell', { name: 'Campaign Pro' }).first()],
  ['/admin/free-users', (p) => p.getByRole('row').nth(1)],
  ['/admin/revenues/subscriptions', (p) => p.getByRole('heading', { name: 'Collected by month' })],
  ['/admin/feature-toggle', (p) => p.getByRole('heading', { name: 'Announcements', level: 2 })],
];

/** What a person presses in the console: links, buttons and MUI's role-buttons, fields, tabs. */
const CONSOLE_CONTROLS =
  'a[href], button, select, textarea, input:not([type="hidden"], [type="checkbox"], [type="radio"]), [role="button"], [role="tab"], [role="menuitem"], [role="option"]';

test.use({ viewport: { width: 1280, height: 800 } });

// One test a screen: each gets its own time, and the two workers share them.
for (const [path, ready] of SCREENS) {
  test(`${path} has no serious or critical WCAG 2.2 A/AA violations and no target under 24 px`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, demo('admin'));
    await page.goto(path);
    // A screen's first load also loads the console itself; on a loaded machine that passes 10 s.
    await expect(ready(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
    const results = await wcagAxe(page).analyze();
    const problems: unknown[] = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    // 2.5.8 over the whole screen (sidebar, app bar, lists): react-admin's small buttons included.
    const small = await smallControls(page.locator('body'), CONSOLE_CONTROLS);
    if (small.length) problems.push({ rule: 'target-size 24 px (scanner)', nodes: small });
    expect(problems, JSON.stringify(problems, null, 2)).toEqual([]);
  });
}

test('while a screen loads its data, the app bar says so by name (axe: aria-progressbar-name)', async ({
  page,
}) => {
  await signIn(page, demo('admin'));
  // Hold the coupons list's request, so the app bar's indicator of requests in flight stays up.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/rest/coupons?**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/coupons');
  const indicator = page.getByRole('progressbar', { name: 'Loading' });
  await expect(indicator).toBeVisible();
  const results = await wcagAxe(page).include('header').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  release();
  await expect(page.getByRole('cell', { name: 'WELCOME10' })).toBeVisible();
  await expect(indicator).toHaveCount(0);
});
