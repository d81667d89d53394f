import { expect, type Page, test } from '@playwright/test';
import { hydrated } from '../auth-helpers';
import { expectFocusNeverCovered } from '../focus-not-obscured';
import { expectContentControlsBigEnough } from '../target-size';
import { wcagAxe } from '../wcag-axe';

/**
 * WCAG 2.2 A/AA on the shop's interactive pages, with a filled cart and the mini cart open; on the
 * checkout form, targets of at least 24 px (2.5.8) and a focused field never under a fixed header (2.4.11).
 */

async function violations(page: Page) {
  const results = await wcagAxe(page).analyze();
  return results.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

test('the product page, the open mini cart and /cart have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await page.goto('/merchandise/products/campaign-hq-cap');
  await hydrated(page, 'AddToCart');
  await hydrated(page, 'CartButton');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: /^Cart, 1 items/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/cart');
  await hydrated(page, 'CheckoutForm');
  await expect(page.getByTestId('summary-total')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await expectContentControlsBigEnough(page, '/cart');
  await expectFocusNeverCovered(page, page.locator('[data-island="CheckoutForm"] form'), 'checkout');
});
