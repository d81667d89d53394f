import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn as signInToConsole } from '../admin-helpers';
import { demo, openAccountMenu, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * The candidate's campaign dashboard and the console's refund (docs/decisions/0023-campaign-dashboard-and-refunds.md), on the demo
 * data: Marisol Grant has a month of gifts (api/seed/demo-donations.ts).
 */

test('the demo candidate opens the dashboard from the avatar menu, creates a campaign and downloads the CSV', async ({
  page,
}) => {
  await signIn(page, demo('candidate'), '/');
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Campaign Dashboard' }).click();
  await expect(page).toHaveURL(/\/campaign-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Campaign dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('total-raised')).not.toHaveText('$0.00');
  await expect(page.getByTestId('recent-gifts').getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('link', { name: /\/donate\/marisol-grant$/ })).toBeVisible();

  const results = await wcagAxe(page).analyze();
  const violations = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

  await page.getByLabel('Name', { exact: true }).fill('Phone bank weekend');
  await page.getByLabel('Goal in dollars').fill('2500');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByText('Your campaign is created. Share its donation link.')).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Phone bank weekend' }) });
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(card.getByRole('link', { name: /\/donate\/marisol-grant\?campaign=\d+$/ })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download compliance CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contributions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'date,reference,donor_name,street,city,state,zip,email,employer,occupation,amount,election,status,aggregate_to_date,itemized,refunded_on,refund_reason',
  );
  expect(text).toContain('Itemized donors (aggregate over $200)');
});

test('FINANCE refunds a gift in the console with a reason', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToConsole(page, demo('finance'));
  await page.goto('/admin/campaign-donations');
  const gifts = page.getByRole('table', { name: 'Gifts' });
  const row = gifts.getByRole('row').filter({ hasText: 'Paid' }).first();
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(/\/admin\/campaign-donations\/\d+$/);
  const refund = page.getByRole('form', { name: 'Refund' });
  await refund.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(refund.getByText('Give the reason for the refund.')).toBeVisible();
  await refund.getByLabel('Reason for the refund').fill('Donor asked us to return the gift');
  await refund.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(page.getByText(/is refunded\. The donor has been emailed\./)).toBeVisible();
  await expect(page.getByText('Donor asked us to return the gift')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Refund' })).toHaveCount(0);
});

test('MARKETING sees the gifts; the Refund button is disabled and says which permission it needs', async ({
  page,
}) => {
  await signInToConsole(page, demo('marketing'));
  await page.goto('/admin/campaign-donations');
  const row = page.getByRole('table', { name: 'Gifts' }).getByRole('row').filter({ hasText: 'Paid' }).first();
  await row.click();
  await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  const refund = page.getByRole('button', { name: /^Refund \$/ });
  await expect(refund).toBeDisabled();
  await expect(refund).toHaveAttribute('title', 'Requires REFUND_DONATIONS permission');
  await page.goto('/admin/campaign-donations');
  await expect(page.getByRole('link', { name: /^Email donors of / }).first()).toBeVisible();
});
