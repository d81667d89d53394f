import { expect, type Page, test } from '@playwright/test';
import { GUEST_LINKS, HEADER_LINKS, hrefTo } from '../expected-links';

/** docs/product/spec.md §2: below 80em a slide-in side menu replaces the header links. */

const NARROW = { width: 375, height: 812 };
const WIDE = { width: 1440, height: 900 };

async function openHydrated(page: Page) {
  await page.goto('/feedback');
  await expect(page.locator('[data-island="SideMenu"]')).toHaveAttribute('data-hydrated', 'true');
}

const menuButton = (page: Page) => page.locator('header').getByRole('button', { name: 'Menu', exact: true });
const panel = (page: Page) => page.getByRole('navigation', { name: 'Side menu' });
const desktopNav = (page: Page) => page.locator('header').getByRole('navigation', { name: 'Main' });

test.describe('at 375 px', () => {
  test.use({ viewport: NARROW });

  test('the desktop nav is hidden and the menu button opens a panel with the header links and sign-in', async ({
    page,
  }) => {
    await openHydrated(page);
    await expect(desktopNav(page)).toBeHidden();
    const button = menuButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page)).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = panel(page);
    await expect(menu).toBeVisible();
    const links = menu.getByRole('link');
    // A visitor: the header links, then Log In, Signup and Signin (not in the bar below md).
    const expected = [...HEADER_LINKS, ...GUEST_LINKS];
    await expect(links).toHaveCount(expected.length);
    for (const [i, { label, path }] of expected.entries()) {
      await expect(links.nth(i)).toHaveText(label);
      await expect(links.nth(i)).toHaveAttribute('href', hrefTo(path));
      await expect(links.nth(i)).toBeInViewport();
    }

    // The close button inside the panel closes it too.
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('keyboard: Enter opens, focus moves into the panel, Escape closes and focus returns', async ({
    page,
  }) => {
    await openHydrated(page);
    const button = menuButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = panel(page);
    await expect(menu).toBeVisible();
    // Focus moved into the panel.
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
  });

  test('the panel closes when the screen becomes wide', async ({ page }) => {
    await openHydrated(page);
    await menuButton(page).click();
    await expect(panel(page)).toBeVisible();

    await page.setViewportSize(WIDE);
    await expect(panel(page)).toBeHidden();
    await expect(menuButton(page)).toBeHidden();
    await expect(desktopNav(page)).toBeVisible();

    // Back to narrow: it stays closed until asked.
    await page.setViewportSize(NARROW);
    await expect(menuButton(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page)).toBeHidden();
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: WIDE });

  test('the menu button is hidden and the desktop nav is visible', async ({ page }) => {
    await openHydrated(page);
    await expect(menuButton(page)).toBeHidden();
    const nav = desktopNav(page);
    await expect(nav).toBeVisible();
    for (const { label } of HEADER_LINKS) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });
});
