import { expect, test } from '@playwright/test';
import { demo, signIn } from '../admin-helpers';

/**
 * The membership console as finance staff (docs/product/spec.md §6, docs/decisions/0024-membership.md): Paid Users
 * with tier and renewal date, and subscription revenue with MRR, its chart and the matching CSV.
 */
test('finance sees paid members and subscription revenue, and downloads its CSV', async ({ page }) => {
  await signIn(page, demo('finance'));
  await page.goto('/admin/paid-users');
  await expect(page.getByRole('heading', { name: 'Paid users', level: 1 })).toBeVisible();
  const avery = page.getByRole('row').filter({ hasText: 'Avery Chen' });
  await expect(avery.getByRole('cell', { name: 'Campaign Pro' })).toBeVisible();
  await expect(avery).toContainText(/Renews \d{4}-\d{2}-\d{2}/);

  await page.goto('/admin/revenues/subscriptions');
  await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Subscription figures' });
  await expect(figures.getByRole('heading', { name: 'MRR' })).toBeVisible();
  await expect(figures).toContainText(/\$\d[\d,]*\.\d{2}/);
  const chart = page.getByRole('region', { name: 'Collected by month' });
  await expect(chart.locator('svg rect').first()).toBeAttached();
  await expect(chart.getByRole('row')).toHaveCount(13);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await (await (await downloading).createReadStream())
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv.split('\r\n')[0]).toBe('month,new,cancelled,churned,collected');
});
