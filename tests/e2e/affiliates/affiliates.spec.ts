import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseUrl, demo, signIn } from '../admin-helpers';
import { hydrated } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * The affiliate program end to end (docs/decisions/0031-affiliates-and-partner-revenue.md): a member joins at /affiliates and shares
 * their link; a visitor arrives through it and buys; the affiliate sees the click and conversion;
 * finance records the payout on /admin/affiliates. Axe checks each new page and screen.
 */

async function expectAccessible(page: Page) {
  const results = await wcagAxe(page).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** A browser of its own; a visitor's says it is a desktop Chrome (HeadlessChrome counts as a bot). */
async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  });
  return context.newPage();
}

/** A guest buys one Vote Together T-shirt (M, Navy) with the test card. */
async function buyATee(page: Page) {
  await page.goto('/merchandise/products/vote-together-tee');
  await hydrated(page, 'AddToCart');
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('radio', { name: 'Navy', exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: '(M, Navy)' })).toBeVisible();
  await page.goto('/cart');
  await hydrated(page, 'CheckoutForm');
  await page.locator('#checkout-email').fill('referred-buyer@example.com');
  await page.getByLabel('Full name').fill('Riley Referred');
  await page.getByLabel('Street address').fill('1 Main St');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption({ label: 'Illinois' });
  await page.getByLabel('ZIP code').fill('62701');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/pay\/CHQ-/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/ordersuccess\?order=/);
}

test('a member joins, a visitor buys through their link, the affiliate sees it, finance pays it out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The member joins and gets their link.
  await signIn(page, demo('member'));
  await page.goto('/affiliates');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Join the affiliate program' }).click();
  await expect(page).toHaveURL(/\/affiliates\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your affiliate dashboard', level: 1 })).toBeVisible();
  const code = (await page.getByTestId('affiliate-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  const link = await page.getByLabel('Referral link').inputValue();
  expect(link).toBe(`${baseUrl()}/?ref=${code}`);
  await expect(page.getByTestId('affiliate-clicks')).toHaveText('0');
  await expectAccessible(page);

  // A visitor follows the link, browses, and buys.
  const visitor = await newPage(browser);
  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await buyATee(visitor);
  await visitor.context().close();

  // The affiliate sees the click and the conversion: 10% of $24.00.
  await page.reload();
  await expect(page.getByTestId('affiliate-clicks')).toHaveText('1');
  await expect(page.getByTestId('affiliate-conversions')).toHaveText('1');
  await expect(page.getByTestId('affiliate-earned')).toHaveText('$2.40');
  await expect(page.getByTestId('affiliate-owed')).toHaveText('$2.40');
  await expect(page.getByRole('cell', { name: 'Merchandise order' })).toBeVisible();

  // Finance records the payout.
  const finance = await newPage(browser);
  await signIn(finance, demo('finance'));
  await finance.goto('/admin/affiliates');
  const row = finance.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('$2.40');
  await expect(finance.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  await expectAccessible(finance);
  await row.getByRole('button', { name: `Record payout of $2.40 to ${code}` }).click();
  await expect(finance.getByText(`Payout of $2.40 to ${code} recorded.`)).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);

  await finance.goto('/admin/revenues/partners');
  await expect(finance.getByRole('heading', { name: 'Vendors by month' })).toBeVisible();
  await expect(finance.getByRole('cell', { name: 'liberty-print-shop' }).first()).toBeVisible();
  await expectAccessible(finance);
  await finance.context().close();

  await page.reload();
  await expect(page.getByTestId('affiliate-paid')).toHaveText('$2.40');
  await expect(page.getByTestId('affiliate-owed')).toHaveText('$0.00');
});

test('marketing sees the affiliates but cannot record a payout', async ({ page }) => {
  await signIn(page, demo('marketing'));
  await page.goto('/admin/affiliates');
  const row = page.getByRole('row').filter({ hasText: 'CLEANWATER' });
  await expect(row.getByRole('button', { name: /Record payout/ })).toBeDisabled();
  await expect(row.getByRole('button', { name: /Record payout/ })).toHaveAttribute(
    'title',
    'Requires SETTLE_PAYOUTS permission',
  );
});
