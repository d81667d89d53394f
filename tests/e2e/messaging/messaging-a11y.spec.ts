import { expect, type Page, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/** WCAG 2.2 A/AA with axe on /messaging, /notifications and the open notification popover. */

async function violations(page: Page) {
  const results = await wcagAxe(page).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

test('messaging, notifications and the popover have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await signIn(page, demo('analytics'), '/messaging');
  await hydrated(page, 'Messenger');
  expect(await violations(page)).toEqual([]);

  await page.goto('/notifications');
  await hydrated(page, 'NotificationsPage');
  expect(await violations(page)).toEqual([]);

  await page.goto('/');
  await hydrated(page, 'NotificationBell');
  await page
    .locator('header')
    .getByRole('link', { name: /^Notifications/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
