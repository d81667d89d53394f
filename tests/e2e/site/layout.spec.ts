import { expect, type Page, test } from '@playwright/test';
import { demoStaffCode, postSecondFactor } from '../two-factor-helpers';

/**
 * Layout choice of docs/product/spec.md §2 as a visitor (not signed in) sees it: the server marks
 * `<body>` with data-layout / data-footer / data-logo, and the chrome must match the marker.
 */
type Layout = 'home' | 'bare' | 'admin' | 'standard';

interface Row {
  path: string;
  layout: Layout;
  status?: number;
}

const LAYOUTS: Row[] = [
  // Home-style navbar pages.
  { path: '/', layout: 'home' },
  { path: '/about', layout: 'home' },
  { path: '/search', layout: 'home' },
  { path: '/merchandise', layout: 'home' },
  { path: '/merchandise/products', layout: 'home' },
  { path: '/merchandise/style-gallery', layout: 'home' },
  { path: '/membership', layout: 'home' },
  { path: '/candidate-ranking', layout: 'home' },
  { path: '/vision-and-values', layout: 'home' },
  { path: '/shipping-options', layout: 'home' },
  { path: '/returns', layout: 'home' },
  { path: '/quality-assurance', layout: 'home' },
  { path: '/faq', layout: 'home' },
  { path: '/contact', layout: 'home' },
  { path: '/career', layout: 'home' },
  { path: '/press', layout: 'home' },
  { path: '/order-status', layout: 'home' },
  { path: '/affiliates', layout: 'home' },
  { path: '/terms-of-service', layout: 'home' },
  { path: '/feedback', layout: 'home' },
  { path: '/privacy-policy', layout: 'home' },
  { path: '/social-media', layout: 'home' },
  // Bare pages: no header, no footer.
  { path: '/signup', layout: 'bare' },
  { path: '/auth/signin', layout: 'bare' },
  { path: '/api/auth/signin', layout: 'bare' },
  { path: '/auth/reset-password', layout: 'bare' },
  { path: '/auth/verify-email', layout: 'bare' },
  { path: '/ordersuccess', layout: 'bare' },
  { path: '/orderfailed', layout: 'bare' },
  { path: '/serviceordersuccess', layout: 'bare' },
  { path: '/404', layout: 'bare', status: 404 },
  { path: '/blocked', layout: 'bare' },
  { path: '/blocked/ip', layout: 'bare' },
  // Without a token the page says the link is not valid (docs/decisions/0022-mass-email.md).
  { path: '/unsubscribe', layout: 'bare', status: 400 },
  { path: '/donate', layout: 'bare' },
  { path: '/donate/marisol-grant', layout: 'bare' },
  // An unknown candidate's donation page is the 404 page, bare like every donate* path.
  { path: '/donate/some-candidate', layout: 'bare', status: 404 },
  { path: '/versus/contrast-page', layout: 'bare' },
  // Standard header and footer.
  { path: '/cart', layout: 'standard' },
  { path: '/jobs', layout: 'standard' },
  { path: '/403', layout: 'standard', status: 403 },
  { path: '/liberty-print-shop', layout: 'standard' },
  // Unknown paths answer the 404 page, which is bare wherever it is served.
  { path: '/this-does-not-exist', layout: 'bare', status: 404 },
];

/** Signed-in only pages send visitors to the sign-in page (itself bare). */
const MEMBERS_ONLY = [
  '/messaging',
  '/notifications',
  '/myprofile',
  '/settings',
  '/setup',
  '/campaign-dashboard',
  '/social-media/create-post',
];

/** The staff console: visitors are sent to sign in; staff get the admin layout. */
const ADMIN_PATHS = ['/admin', '/admin/coupons', '/admin/revenues/donations'];
const SUPER_ADMIN = { email: 'admin@demo.campaignhq.test', password: 'democracy-2026' };

const FOOTERS: { path: string; footer: 'merchandise' | 'default' }[] = [
  { path: '/merchandise', footer: 'merchandise' },
  { path: '/merchandise/products', footer: 'merchandise' },
  { path: '/merchandise/style-gallery', footer: 'merchandise' },
  { path: '/cart', footer: 'merchandise' },
  { path: '/', footer: 'default' },
  { path: '/feedback', footer: 'default' },
  { path: '/jobs', footer: 'default' },
  { path: '/search', footer: 'default' },
];

const LOGOS: { path: string; logo: 'dark' | 'light' }[] = [
  { path: '/merchandise', logo: 'dark' },
  { path: '/merchandise/style-gallery', logo: 'dark' },
  { path: '/privacy-policy', logo: 'dark' },
  { path: '/terms-of-service', logo: 'dark' },
  { path: '/social-media', logo: 'dark' },
  { path: '/merchandise/products', logo: 'light' },
  { path: '/', logo: 'light' },
  { path: '/about', logo: 'light' },
  { path: '/cart', logo: 'light' },
];

test.describe.configure({ mode: 'parallel' });

async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response?.status(), `status of ${path}`).toBe(status);
  // No redirect happened on the way: the layout belongs to this very path.
  expect(new URL(page.url()).pathname).toBe(path);
}

async function expectChrome(page: Page, layout: Layout) {
  const body = page.locator('body');
  await expect(body).toHaveAttribute('data-layout', layout);
  const header = page.locator('header.site-header');
  const footer = page.locator('footer.site-footer');
  const admin = page.locator('.admin-shell');
  switch (layout) {
    case 'bare':
      await expect(header).toHaveCount(0);
      await expect(footer).toHaveCount(0);
      await expect(admin).toHaveCount(0);
      await expect(page.locator('main#main')).toHaveCount(1);
      break;
    case 'admin':
      await expect(admin.first()).toBeAttached();
      await expect(header).toHaveCount(0);
      await expect(footer).toHaveCount(0);
      break;
    default:
      await expect(header).toHaveCount(1);
      await expect(header).toHaveClass(new RegExp(`site-header--${layout}\\b`));
      await expect(footer).toHaveCount(1);
      await expect(admin).toHaveCount(0);
  }
}

test.describe('layout choice', () => {
  for (const row of LAYOUTS) {
    test(`${row.path} → ${row.layout}`, async ({ page }) => {
      await open(page, row.path, row.status);
      await expectChrome(page, row.layout);
    });
  }
});

test.describe('member-only pages redirect visitors to sign in', () => {
  for (const path of [...MEMBERS_ONLY, ...ADMIN_PATHS]) {
    test(path, async ({ page, request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      const location = new URL(response.headers().location ?? '', 'http://x');
      expect(location.pathname).toBe('/api/auth/signin');
      expect(location.searchParams.get('callbackUrl')).toBe(path);
      expect(location.searchParams.get('error')).toBe('SessionRequired');

      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const landed = new URL(page.url());
      expect(landed.pathname).toBe('/api/auth/signin');
      expect(landed.searchParams.get('callbackUrl')).toBe(path);
      expect(landed.searchParams.get('error')).toBe('SessionRequired');
      await expectChrome(page, 'bare');
    });
  }
});

/** Signs in through the Auth.js-style endpoint; the session cookie lands in the page's context. */
async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  const csrf = await page.request.get('/api/auth/csrf');
  expect(csrf.ok()).toBe(true);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/callback/credentials', {
    form: { email, password, csrfToken, callbackUrl: '/', json: 'true' },
  });
  expect(response.status(), await response.text()).toBe(200);
  // Staff give their two-factor code next (two-factor-helpers.ts).
  const { url } = (await response.json()) as { url: string };
  if (url.startsWith('/auth/two-factor')) {
    await postSecondFactor(page, await demoStaffCode(email), '/');
  }
}

test('the staff console uses the admin layout for a signed-in admin', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  for (const path of ADMIN_PATHS) {
    await test.step(path, async () => {
      await open(page, path);
      await expectChrome(page, 'admin');
    });
  }
});

test('a public profile redirects to its canonical URL and uses the standard layout', async ({
  page,
  request,
}) => {
  const response = await request.get('/profile/x/1', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  const canonical = new URL(response.headers().location ?? '', 'http://x').pathname;
  expect(canonical).toMatch(/^\/profile\/[a-z0-9-]+\/1$/);
  expect(canonical).not.toBe('/profile/x/1');

  await open(page, canonical);
  await expectChrome(page, 'standard');
});

test.describe('footer kind', () => {
  for (const { path, footer } of FOOTERS) {
    test(`${path} → ${footer} footer`, async ({ page }) => {
      await open(page, path);
      await expect(page.locator('body')).toHaveAttribute('data-footer', footer);
      await expect(page.locator('footer.site-footer')).toHaveAttribute('data-footer', footer);
    });
  }
});

test.describe('logo tone', () => {
  for (const { path, logo } of LOGOS) {
    test(`${path} → ${logo} logo`, async ({ page }) => {
      await open(page, path);
      await expect(page.locator('body')).toHaveAttribute('data-logo', logo);
      await expect(page.locator('header.site-header')).toHaveAttribute('data-logo', logo);
    });
  }
});
