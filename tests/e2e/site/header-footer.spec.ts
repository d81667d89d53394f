import { expect, type Page, test } from '@playwright/test';
import { HEADER_LINKS, hrefTo } from '../expected-links';

/** docs/product/spec.md §2, "Header" and "Footer", as a visitor on a wide screen. */
test.use({ viewport: { width: 1440, height: 900 } });

const GUEST_LINKS = [
  { label: 'Log In', href: '/api/auth/signin' },
  { label: 'Signup', href: '/signup' },
  { label: 'Signin', href: '/auth/signin' },
];

const FOOTER_GROUPS = ['Let us help you', 'What we offer', 'About', 'Account & Policy'];

const FOOTER_HREFS = [
  '/faq',
  '/shipping-options',
  '/merchandise/style-gallery',
  '/order-status',
  '/returns',
  '/contact',
  '/feedback',
  '/merchandise/products',
  '/about',
  '/career',
  '/press',
  '/affiliates',
  '/cart',
  '/quality-assurance',
  '/terms-of-service',
  '/privacy-policy',
];

const SOCIAL_NETWORKS: { name: string; host: RegExp }[] = [
  { name: 'LinkedIn', host: /(^|\.)linkedin\.com$/ },
  { name: 'X', host: /(^|\.)(x|twitter)\.com$/ },
  { name: 'Instagram', host: /(^|\.)instagram\.com$/ },
  { name: 'Facebook', host: /(^|\.)facebook\.com$/ },
  { name: 'TikTok', host: /(^|\.)tiktok\.com$/ },
];

const normalized = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** One page per chrome: the home navbar, the standard header, and the merchandise footer. */
const PAGES = ['/', '/jobs', '/merchandise'];

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
}

for (const path of PAGES) {
  test.describe(`on ${path}`, () => {
    test('the header has its links, the search box and the guest links', async ({ page }) => {
      await open(page, path);
      const header = page.locator('header.site-header');
      const nav = header.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      const links = nav.getByRole('link');
      await expect(links).toHaveCount(HEADER_LINKS.length);
      for (const [i, { label, path }] of HEADER_LINKS.entries()) {
        await expect(links.nth(i)).toHaveText(label);
        await expect(links.nth(i)).toHaveAttribute('href', hrefTo(path));
        await expect(links.nth(i)).toBeVisible();
      }

      // The field may sit behind its toggle when the header is short of room: open it then.
      const search = header.locator('input[type="search"]');
      await expect(search).toHaveCount(1);
      await expect(search).toHaveAttribute('placeholder', 'Search People');
      await expect(page.locator('[data-island="SearchBox"]')).toHaveAttribute('data-hydrated', 'true');
      if (!(await search.isVisible())) await header.getByRole('button', { name: 'Open search' }).click();
      await expect(search).toBeVisible();

      for (const { label, href } of GUEST_LINKS) {
        const link = header.getByRole('link', { name: label, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', href);
      }
      // A visitor has no greeting and no Log Out button.
      await expect(header.locator('.greeting')).toHaveCount(0);
      await expect(header.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    });

    test('the footer has its groups, links, social links, texts and card brands', async ({ page }) => {
      await open(page, path);
      const footer = page.locator('footer.site-footer');
      await expect(footer).toBeVisible();

      for (const heading of FOOTER_GROUPS) {
        await expect(footer.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      }

      const hrefs = await footer
        .locator('a[href^="/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of FOOTER_HREFS) expect(hrefs, `footer link ${href}`).toContain(href);
      expect(hrefs).toHaveLength(FOOTER_HREFS.length);
      await expect(footer.locator('a[href="/cart"]')).toHaveText('Checkout');

      for (const { name, host } of SOCIAL_NETWORKS) {
        const link = footer.getByRole('link', { name: new RegExp(`^${name}\\b`) });
        await expect(link, `${name} link`).toHaveCount(1);
        await expect(link).toBeVisible();
        const href = await link.getAttribute('href');
        expect(new URL(href ?? '').hostname, `${name} href`).toMatch(host);
      }

      const text = normalized(await footer.textContent());
      expect(text).toContain('All rights reserved 2025 – 2026');
      expect(text).toContain('USA Shipping - Get your items quickly and safely!');
      expect(text).toContain('Secure Payment - Shop with confidence.');

      // Drawn inline (no image requests): each logo is an image named by its brand.
      const cards = footer.getByRole('list', { name: 'Accepted payment cards' });
      for (const brand of ['Visa', 'Mastercard', 'American Express', 'Discover']) {
        const logo = cards.getByRole('img', { name: brand, exact: true });
        await logo.scrollIntoViewIfNeeded();
        await expect(logo).toBeVisible();
        expect(await logo.boundingBox()).toMatchObject({ width: 48, height: 32 });
      }
    });
  });
}
