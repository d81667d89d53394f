import { expect, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';
import { attest, fillColumbusAddress, openDetails } from '../donations/donation-form';
import { wcagAxe } from '../wcag-axe';

/**
 * The test gateway's pay page as a signed-in member meets it (docs/decisions/0073-payments-pay-once.md):
 * its address names an opaque checkout only, the card form is the page's first form and the first
 * stop of the keyboard (no sign-out button before it, so Enter in the wrong place cannot sign the
 * payer out mid-payment), it passes axe, and once paid it shows the outcome instead of a second charge.
 */
const DONOR = demo('vendor');

test('a member pays a gift once on a bare pay page whose card field comes first', async ({ page }) => {
  await signIn(page, DONOR, '/donate/marisol-grant');
  await hydrated(page, 'DonationForm');
  await page.getByLabel('Other amount in dollars').fill('7');
  await page.getByRole('radio', { name: 'One time' }).check();
  await openDetails(page);
  await fillColumbusAddress(page);
  await attest(page);
  await page.getByRole('button', { name: 'Give $7 once' }).click();
  await page.waitForURL(/\/pay\/payable\/tgco_[\w-]+$/);
  const payUrl = page.url();
  for (const secret of [DONOR, 'vendor', '700', '7.00', 'Marisol'])
    expect(decodeURIComponent(payUrl)).not.toContain(secret);

  // The first form in the document is the payment form; no sign-out form anywhere on the page.
  await expect(page.locator('form').first().getByLabel('Card number')).toBeVisible();
  await expect(page.getByRole('button', { name: /sign out|log out/i })).toHaveCount(0);

  // Tab from the top of the page: the card field comes before any other control.
  await page.locator('body').focus();
  const passed: string[] = [];
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByLabel('Card number').evaluate((el) => el === document.activeElement)) break;
    passed.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
  }
  await expect(page.getByLabel('Card number')).toBeFocused();
  expect(passed.filter((text) => /sign out|log out/i.test(text))).toEqual([]);

  const results = await wcagAxe(page).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$7\.00/ }).click();
  await page.waitForURL(/\/donate\/marisol-grant\/thank-you\?ref=DON-/);

  // The same address again: the outcome, not a form that would charge a second time.
  await page.goto(payUrl);
  await expect(page.getByRole('heading', { name: 'This payment is already complete' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});
