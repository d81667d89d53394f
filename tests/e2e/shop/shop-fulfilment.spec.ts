import { expect, type Page, test } from '@playwright/test';
import { signIn as signInStaff } from '../admin-helpers';
import { demo, hydrated, signIn } from '../auth-helpers';

/**
 * After the sale (docs/decisions/0008-order-fulfilment.md): a member buys while signed in, finance staff ship the order from the
 * console, and the member is told (notification type 5), sees it in /settings and opens its
 * status without the email step.
 */
const TEE = '/merchandise/products/vote-together-tee';

async function buyOneTee(page: Page, email: string): Promise<string> {
  await page.goto(TEE);
  await hydrated(page, 'AddToCart');
  await page.getByRole('radio', { name: 'S', exact: true }).check();
  await page.getByRole('radio', { name: 'Navy', exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  // As a buyer does: on to the cart once the page says the tee is in it (the form hydrates on its
  // first use, so the add lands when React has loaded, not at the click).
  await expect(page.getByRole('status').filter({ hasText: '(S, Navy)' })).toBeVisible();
  await page.goto('/cart');
  await hydrated(page, 'CheckoutForm');
  await page.locator('#checkout-email').fill(email);
  await page.getByLabel('Full name').fill('Marisol Grant');
  await page.getByLabel('Street address').fill('9 Elm St');
  await page.getByLabel('City').fill('Madison');
  await page.getByLabel('State').selectOption({ label: 'Wisconsin' });
  await page.getByLabel('ZIP code').fill('53703');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/pay\/CHQ-/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/ordersuccess\?order=/);
  return (await page.getByTestId('order-number').textContent()) ?? '';
}

test('staff ship a member’s order; the member is notified and follows it from /settings', async ({
  browser,
}) => {
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, demo('candidate'), '/merchandise');
  const number = await buyOneTee(buyer, demo('candidate'));
  expect(number).toMatch(/^CHQ-/);

  const staff = await (await browser.newContext()).newPage();
  await signInStaff(staff, demo('finance'));
  await staff.goto('/admin/revenues/merchandise');
  await expect(staff.getByRole('heading', { level: 1, name: 'Merchandise' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Revenue figures' })).toContainText('Gross revenue');
  await staff.getByPlaceholder('Order number or email').fill(number);
  const row = staff.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Paid');
  await row.click();
  await expect(staff.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await staff.getByLabel('Move to').click();
  await staff.getByRole('option', { name: 'Shipped' }).click();
  await staff.getByLabel(/Note for the buyer/).fill('USPS 9400 1111 2222');
  await staff.getByRole('button', { name: 'Update order' }).click();
  await expect(staff.getByText(`Order ${number} is now Shipped.`)).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Timeline' })).toContainText('USPS 9400 1111 2222');

  // The member: a live notification, the order in /settings, its status without the email step.
  await buyer.goto('/');
  await hydrated(buyer, 'NotificationBell');
  await buyer
    .locator('header')
    .getByRole('link', { name: /^Notifications/ })
    .click();
  const notice = buyer
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `Your order ${number} is now Shipped.` });
  await expect(notice).toHaveCount(1);
  await buyer.goto('/settings');
  const orders = buyer.getByRole('region', { name: 'Your orders' });
  await expect(orders.getByRole('row').filter({ hasText: number })).toContainText('Shipped');
  await orders.getByRole('link', { name: number }).click();
  await expect(buyer).toHaveURL(`/order-status?order=${number}`);
  await hydrated(buyer, 'OrderStatusForm');
  await expect(buyer.getByTestId('order-status')).toHaveText('Shipped');
  await expect(buyer.locator('.timeline')).toContainText('USPS 9400 1111 2222');
  await buyer.context().close();
  await staff.context().close();
});
