import { expect, type Page, test } from '@playwright/test';
import { hydrated } from '../auth-helpers';

const TEE = '/merchandise/products/vote-together-tee';

async function addVariant(page: Page, size: string, color: string) {
  await page.getByRole('radio', { name: size, exact: true }).check();
  await page.getByRole('radio', { name: color, exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: `(${size}, ${color})` })).toBeVisible();
}

async function fillAddress(page: Page, email: string) {
  await page.locator('#checkout-email').fill(email);
  await page.getByLabel('Full name').fill('Pat Buyer');
  await page.getByLabel('Street address').fill('1 Main St');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption({ label: 'Illinois' });
  await page.getByLabel('ZIP code').fill('62701');
}

async function payWith(page: Page, card: string) {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/pay\/CHQ-/);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

test('browse, add two variants, mini cart, checkout with the test card, then order status', async ({
  page,
}) => {
  await page.goto('/merchandise');
  await page.getByRole('link', { name: 'Vote Together T-shirt' }).first().click();
  await expect(page).toHaveURL(TEE);
  await hydrated(page, 'AddToCart');
  await hydrated(page, 'CartButton');
  await addVariant(page, 'M', 'Red');
  await addVariant(page, 'L', 'Navy');

  await page.getByRole('button', { name: /^Cart, 2 items/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Your cart' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  const box = await dialog.boundingBox();
  expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([296, 397]);
  const list = dialog.locator('.mini-cart__list');
  expect(Math.round((await list.boundingBox())?.height ?? 0)).toBe(184);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('Size: M · Color: Red · Qty: 1');
  await expect(list).toContainText('Size: L · Color: Navy · Qty: 1');
  await expect(dialog).toContainText('Price (2 items)$48.00');
  await expect(dialog).toContainText('Discount$0.00');
  await expect(dialog).toContainText('Total$48.00');
  await dialog.getByRole('link', { name: 'Go to cart' }).click();

  await expect(page).toHaveURL('/cart');
  await hydrated(page, 'CheckoutForm');
  await expect(page.getByTestId('summary-total')).toHaveText('$53.99');
  await page.getByLabel('Coupon code').fill('primary2026');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This coupon has expired.')).toBeVisible();
  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon WELCOME10 applied.')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('−$4.80');
  await expect(page.getByTestId('summary-total')).toHaveText('$49.19');
  await page.locator('#checkout-email').fill('not-an-email');
  await page.getByLabel('ZIP code').fill('123');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Enter a 5-digit ZIP code (or ZIP+4).')).toBeVisible();
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');

  await fillAddress(page, 'e2e-buyer@example.com');
  await payWith(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/ordersuccess\?order=/);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^CHQ-/);
  // A paid order empties the cart (the confirmation page is bare: no header, so read storage).
  await hydrated(page, 'CartCleaner');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '{}').orderitems?.length))
    .toBe(0);

  await page.goto('/order-status');
  await hydrated(page, 'OrderStatusForm');
  await page.getByLabel('Order number').fill(number);
  await page.locator('#order-email').fill('e2e-buyer@example.com');
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
});

test('a declined card lands on /orderfailed with the cart intact', async ({ page }) => {
  await page.goto(TEE);
  await hydrated(page, 'AddToCart');
  await addVariant(page, 'S', 'White');
  await page.goto('/cart');
  await hydrated(page, 'CheckoutForm');
  await fillAddress(page, 'declined@example.com');
  await payWith(page, '4000 0000 0000 0002');
  await page.waitForURL(/\/orderfailed/);
  await expect(page.getByTestId('failure-reason')).toHaveText('Your card was declined.');
  await page.getByRole('link', { name: 'Try again' }).click();
  await hydrated(page, 'CheckoutForm');
  await expect(page.locator('.checkout__line')).toContainText('Size: S · Color: White');
});

test('the empty mini cart says so and offers Browse products', async ({ page }) => {
  await page.goto('/merchandise');
  await hydrated(page, 'CartButton');
  await page.getByRole('button', { name: /^Cart, 0 items/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Your cart' });
  await expect(dialog).toContainText('You have nothing in your cart.');
  await expect(dialog.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/merchandise');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a cart change in one tab appears in another', async ({ context }) => {
  const other = await context.newPage();
  await other.goto('/merchandise');
  await hydrated(other, 'CartButton');
  await expect(other.getByRole('button', { name: /^Cart, 0 items/ })).toBeVisible();
  const page = await context.newPage();
  await page.goto(TEE);
  await hydrated(page, 'AddToCart');
  await addVariant(page, 'XL', 'Navy');
  await expect(other.getByRole('button', { name: /^Cart, 1 items/ })).toBeVisible();
  await expect(other.getByTestId('cart-count')).toHaveText('1');
});

test('pressing Continue again after a lost answer resumes the same order (idempotency key)', async ({
  page,
}) => {
  await page.goto(TEE);
  await hydrated(page, 'AddToCart');
  await addVariant(page, 'M', 'Navy');
  await page.goto('/cart');
  await hydrated(page, 'CheckoutForm');
  await fillAddress(page, 'retry@example.com');
  const keys: string[] = [];
  let firstNumber = '';
  await page.route('**/api/doors/trpc/shop.startCheckout', async (route) => {
    keys.push(JSON.parse(route.request().postData() ?? '{}').json?.idempotencyKey);
    if (firstNumber) return route.continue();
    // The server makes the order, but its answer never reaches the browser.
    const response = await route.fetch();
    firstNumber = (await response.json()).result.data.json.orderNumber;
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/pay\/CHQ-/);
  expect(firstNumber).toMatch(/^CHQ-/);
  expect(new URL(page.url()).pathname).toBe(`/pay/${firstNumber}`);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys[1]).toBe(keys[0]);
});
