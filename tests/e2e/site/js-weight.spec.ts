import { gzipSync } from 'node:zlib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { holdChunk } from '../held-chunks';

/**
 * How much JavaScript a real browser downloads (docs/decisions/0027-javascript-weight.md): every
 * script response while a page loads, island chunks fetched at run time included, each gzipped
 * with node:zlib's default level (what the server's compression sends is about the same).
 *
 * Budgets:
 * - a visitor on `/` or a product page: 75 KiB (issue 17). The header's islands and a product page's
 *   Add to cart hydrate on first use (docs/decisions/0063-header-islands-hydrate-on-first-use.md), so
 *   neither loads React at all: the entry, the tracker and the islands' small first-use scripts.
 *   React and react-dom (about 66 KiB) come when someone reaches for a control.
 * - a visitor on /search: 80 KiB.
 * - a signed-in member on `/`: 110 KiB. The member's header adds the account menu, notification
 *   bell and message badge, which read live counts: react-query, the tRPC client and superjson
 *   (about 22 KiB together), plus the islands themselves.
 */
const KIB = 1024;
const VISITOR_BUDGET = 75 * KIB;
const VISITOR_PAGE_BUDGET = 80 * KIB;
const MEMBER_BUDGET = 110 * KIB;
const PRODUCT = '/merchandise/products/vote-together-tee';

interface Script {
  path: string;
  gzipped: number;
}

/** Records every script response of the next navigation; call before page.goto. */
function recordScripts(page: Page) {
  const pending: Promise<Script | null>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
    pending.push(
      response
        .body()
        .then((body) => ({ path: url.pathname, gzipped: gzipSync(body).length }))
        .catch(() => null),
    );
  });
  // Each script once: Chromium may report a chunk twice when a modulepreload and the import of
  // the same URL race (the second answered from its cache), and a page weighs what it needs.
  return async () => [
    ...new Map(
      (await Promise.all(pending)).filter((s): s is Script => s !== null).map((s) => [s.path, s]),
    ).values(),
  ];
}

/** Loads `path` until every island's script runs and the network is quiet; returns the scripts. */
async function weigh(page: Page, path: string) {
  const scripts = recordScripts(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  for (const island of await page.locator('[data-island]').all()) {
    await expect(island).toHaveAttribute('data-hydrated', 'true');
  }
  await page.waitForLoadState('networkidle');
  const found = await scripts();
  const total = found.reduce((sum, s) => sum + s.gzipped, 0);
  const lines = found
    .sort((a, b) => b.gzipped - a.gzipped)
    .map((s) => `    ${(s.gzipped / KIB).toFixed(2).padStart(6)} KiB  ${s.path}`);
  console.log(
    `JS on ${path}: ${(total / KIB).toFixed(2)} KiB gzip in ${found.length} files\n${lines.join('\n')}`,
  );
  return { total, scripts: found };
}

const chunkNamed = (scripts: Script[], name: string) =>
  scripts.some((s) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(s.path));

test.describe('JavaScript a visitor downloads', () => {
  test('/ stays within 75 KiB gzip, without React, react-query, tRPC or the header islands’ components', async ({
    page,
  }) => {
    const { total, scripts } = await weigh(page, '/');
    expect(total).toBeLessThanOrEqual(VISITOR_BUDGET);
    for (const name of [
      'react',
      'trpc',
      'query-client',
      'useQuery',
      'SearchBoxCombobox',
      'people-search-query',
      'CartButtonPopup',
      'SideMenuPanel',
    ]) {
      expect(chunkNamed(scripts, name), name).toBe(false);
    }
    // The header's islands are on the page and their first-use scripts ran.
    expect(chunkNamed(scripts, 'CartButton')).toBe(true);
    expect(chunkNamed(scripts, 'SideMenu')).toBe(true);
  });

  test('a product page stays within 75 KiB gzip, without React or the Add to cart form’s component', async ({
    page,
  }) => {
    const { total, scripts } = await weigh(page, PRODUCT);
    expect(total).toBeLessThanOrEqual(VISITOR_BUDGET);
    for (const name of ['react', 'AddToCartForm', 'CartButtonPopup'])
      expect(chunkNamed(scripts, name), name).toBe(false);
    expect(chunkNamed(scripts, 'AddToCart')).toBe(true);
  });

  test('/search stays within 80 KiB gzip', async ({ page }) => {
    const { total } = await weigh(page, '/search');
    expect(total).toBeLessThanOrEqual(VISITOR_PAGE_BUDGET);
  });
});

test.describe('Add to cart before React has loaded', () => {
  test('what was picked and the click on Add to cart are kept, and the item is added once React arrives', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const react = await holdChunk(page, /\/assets\/react-[\w-]+\.js$/);
    await weigh(page, PRODUCT);
    await page.getByRole('radio', { name: 'L', exact: true }).check();
    await page.getByRole('radio', { name: 'Navy', exact: true }).check();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => react.requested()).toBe(true);
    // Held: the form did not submit itself to the page's URL, and nothing is in the cart yet.
    await expect(page).toHaveURL(PRODUCT);
    expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBeNull();
    react.release();
    await expect(page.getByRole('status').filter({ hasText: 'to your cart.' })).toHaveText(
      'Added Vote Together T-shirt (L, Navy) to your cart.',
    );
    await expect(page.getByRole('button', { name: /^Cart, 2 items/ })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? 'null'));
    expect(stored.orderitems).toHaveLength(1);
    expect(stored.orderitems[0]).toMatchObject({ quantity: 2, options: { size: 'L', color: 'Navy' } });
    // The adopted choice drives the form from now on: its preview and stock follow Navy.
    await expect(page.getByRole('img', { name: 'Vote Together T-shirt in Navy' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
    await expect(page).toHaveURL(PRODUCT);
  });
  test('an Add to cart clicked just before leaving the page still lands in the cart, once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const react = await holdChunk(page, /\/assets\/react-[\w-]+\.js$/);
    await weigh(page, PRODUCT);
    await page.getByRole('radio', { name: 'XL', exact: true }).check();
    await page.getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => react.requested()).toBe(true);
    // The buyer moves on before React has arrived: the add is made as the page goes.
    await page.goto('/cart');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? 'null'));
    expect(stored.orderitems).toHaveLength(1);
    expect(stored.orderitems[0]).toMatchObject({
      quantity: 3,
      options: { size: 'XL', color: 'Navy' },
      products: { title: 'Vote Together T-shirt' },
    });
    react.release();
    await expect(page.getByRole('button', { name: /^Cart, 3 items/ })).toBeVisible();
    // Back to the product page (from the back/forward cache or anew): the held add is not made again.
    await page.goBack();
    await expect(page).toHaveURL(PRODUCT);
    await expect(page.getByRole('button', { name: /^Cart, 3 items/ })).toBeVisible();
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? 'null'));
    expect(after.orderitems[0].quantity).toBe(3);
  });

  test('a page hidden with an add held and then shown again (back/forward cache) adds it once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const react = await holdChunk(page, /\/assets\/react-[\w-]+\.js$/);
    await weigh(page, PRODUCT);
    await page.getByRole('radio', { name: 'S', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    // What the browser does when it keeps the page to show it again: pagehide, then React arrives.
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? 'null'));
    expect((await stored()).orderitems).toMatchObject([{ quantity: 1, options: { size: 'S' } }]);
    react.release();
    await expect(page.getByRole('button', { name: /^Cart, 1 items/ })).toBeVisible();
    // React is listening now (the form answers a colour pick), and the held click was not replayed.
    await page.getByRole('radio', { name: 'Red', exact: true }).check();
    await expect(page.getByRole('img', { name: 'Vote Together T-shirt in Red' })).toBeVisible();
    expect((await stored()).orderitems).toMatchObject([{ quantity: 1, options: { size: 'S' } }]);
    await expect(page.getByRole('button', { name: /^Cart, 1 items/ })).toBeVisible();
  });
});

test('a member’s press on the account menu before React arrived still opens it, once', async ({ page }) => {
  await signIn(page, demo('member'), '/');
  await page.setViewportSize({ width: 1280, height: 800 });
  const button = page.getByRole('button', { name: 'Account menu' });
  // The account menu hydrates at load, with React: until React arrives nothing of it listens.
  const react = await pressWhileHeld(page, /\/assets\/react-[\w-]+\.js$/, '/about', button);
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeHidden();
  react.release();
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // The mark the entry left on the button is gone: React owns the button as it rendered it.
  await expect(page.locator('[data-early-click]')).toHaveCount(0);
});

test('JavaScript a signed-in member downloads on / stays within 110 KiB gzip', async ({ page }) => {
  await signIn(page, demo('member'), '/');
  const { total, scripts } = await weigh(page, '/');
  expect(chunkNamed(scripts, 'trpc')).toBe(true);
  expect(total).toBeLessThanOrEqual(MEMBER_BUDGET);
});

/** Opens `path` with the chunk matching `chunk` held, and presses `button` once the page asked for it. */
async function pressWhileHeld(page: Page, chunk: RegExp, path: string, button: Locator) {
  const held = await holdChunk(page, chunk);
  await page.goto(path);
  await expect.poll(() => held.requested()).toBe(true);
  await button.click();
  return held;
}

test.describe('the search box before its code has loaded', () => {
  test('keeps the focus and every character typed, then searches them', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    const combobox = await holdChunk(page, /\/assets\/SearchBoxCombobox-[\w-]+\.js$/);
    const { scripts } = await weigh(page, '/about');
    expect(chunkNamed(scripts, 'SearchBoxCombobox')).toBe(false);
    const box = page.getByRole('combobox', { name: 'Search people' });
    await box.pressSequentially('jordan', { delay: 10 });
    await expect.poll(() => combobox.requested()).toBe(true);
    await expect(box).toHaveValue('jordan');
    combobox.release();
    await expect(
      page.getByRole('listbox', { name: 'Matching people' }).getByRole('option').first(),
    ).toHaveText(/Jordan Rivera/);
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('jordan');
  });

  test('a click on "Open search" that came too early still opens it', async ({ page }) => {
    await page.setViewportSize({ width: 500, height: 800 });
    const combobox = await holdChunk(page, /\/assets\/SearchBoxCombobox-[\w-]+\.js$/);
    await weigh(page, '/about');
    const box = page.getByRole('combobox', { name: 'Search people' });
    await expect(box).toBeHidden();
    await page.getByRole('button', { name: 'Open search' }).click();
    combobox.release();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    await box.pressSequentially('jordan', { delay: 10 });
    await expect(
      page.getByRole('listbox', { name: 'Matching people' }).getByRole('option').first(),
    ).toHaveText(/Jordan Rivera/);
  });
});

test.describe('the header before React has loaded', () => {
  test('a click on the cart button that came too early still opens the mini cart', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const react = await holdChunk(page, /\/assets\/react-[\w-]+\.js$/);
    await weigh(page, '/about');
    expect(react.requested()).toBe(false);
    await page.getByRole('button', { name: /^Cart, 0 items/ }).click();
    await expect.poll(() => react.requested()).toBe(true);
    react.release();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await expect(dialog).toContainText('You have nothing in your cart.');
  });

  test('the side menu opens and closes without ever loading React', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const react = await holdChunk(page, /\/assets\/react-[\w-]+\.js$/);
    const { scripts } = await weigh(page, '/about');
    expect(chunkNamed(scripts, 'SideMenuPanel')).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
    expect(react.requested()).toBe(false);
  });

  test('a press on the menu button before the menu island’s own script arrived still opens it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const button = page.getByRole('button', { name: 'Menu' });
    // Held: the island's script, so nothing of the island listens yet; only the entry runs.
    const island = await pressWhileHeld(page, /\/assets\/SideMenu-[\w-]+\.js$/, '/about', button);
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu).toBeHidden();
    island.release();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
    // Pressed once, opened once: the replayed press is not a second toggle.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a cart with items in storage shows its count at load, and one filled in another tab too', async ({
    page,
    context,
  }) => {
    await page.goto('/about');
    const item = {
      itemid: 1,
      variantid: 1,
      quantity: 2,
      total: '40.00',
      unitprice: '20.00',
      previewimage: '',
      options: { size: 'M', color: 'Blue' },
      products: { title: 'Vote Together Tee' },
    };
    const other = await context.newPage();
    await other.goto('/about');
    await expect(other.getByRole('button', { name: /^Cart, 0 items/ })).toBeVisible();
    await page.evaluate((stored) => {
      localStorage.setItem('cartItems', JSON.stringify({ orderitems: [stored], total: '40.00' }));
    }, item);
    // The other tab hears the storage event and hydrates its button to show the count.
    await expect(other.getByRole('button', { name: /^Cart, 2 items/ })).toBeVisible();
    const { scripts } = await weigh(page, '/about');
    expect(chunkNamed(scripts, 'react')).toBe(true);
    await expect(page.getByRole('button', { name: /^Cart, 2 items/ })).toBeVisible();
  });
});
