import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  demo,
  expectGreeting,
  expectIcons,
  header,
  hydrated,
  memberItems,
  menuItems,
  openAccountMenu,
  PASSWORD,
  signIn,
  submitSignIn,
} from '../auth-helpers';

/**
 * Accounts (docs/product/spec.md §§2, 4 and 6): sign-up → email link → sign-in → setup, the header's
 * signed-in states for each kind of demo account, sign-out, member-only redirects and the
 * campaign-donations toggle.
 *
 * Sign-in throttling (docs/decisions/0015-sign-in-throttling-safe-redirects-equal-time-sign-up.md) counts failures per account and address: this file
 * fails exactly one sign-in on purpose, far from any limit.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('a new member signs up, verifies the email, signs in and completes setup', async ({ page }) => {
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  const last = `Tester${Math.floor(Math.random() * 1e4)}`;

  await page.goto('/signup');
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'bare');
  await hydrated(page, 'SignUpForm');
  const kind = page.getByRole('group', { name: 'I am signing up as' });
  await expect(kind.getByRole('radio', { name: 'Individual' })).toBeChecked();
  await page.getByLabel('First name').fill('First');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Passwords need at least 10 characters.')).toBeVisible();
  await expect(password).toBeFocused();

  await password.fill('a-long-unique-passphrase');
  await page.getByRole('button', { name: 'Create account' }).click();
  const done = page.getByRole('heading', { name: 'Check your email' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();

  await page.goto(`/dev/mailbox?${new URLSearchParams({ to: email })}`);
  const verifyLink = page.locator('a[href*="/auth/verify-email?token="]').first();
  await expect(verifyLink).toBeVisible();
  await verifyLink.click();
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/signin\?callbackUrl=%2Fsetup|\/auth\/signin\?callbackUrl=\/setup/);
  await submitSignIn(page, email, 'a-long-unique-passphrase');
  await expect(page).toHaveURL(/\/setup(\?.*)?$/);

  await hydrated(page, 'SetupForm');
  await page.getByLabel('State').selectOption({ label: 'Pennsylvania' });
  await page.getByLabel('Party').selectOption({ label: 'Independent' });
  await page.getByLabel('The issue you care about most').selectOption({ label: 'Voting rights' });
  const interests = page.getByRole('group', { name: /Issues you follow/ });
  await interests.getByRole('checkbox', { name: 'Voting rights' }).check();
  await interests.getByRole('checkbox', { name: 'Affordable housing' }).check();
  await expect(page.getByText('2 of 12 chosen')).toBeVisible();
  await page.getByLabel('A short introduction').fill('Weekend canvasser.');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.waitForURL('**/myprofile');
  await expectGreeting(page, `Hi, First ${last}`, '/myprofile');
  await expectIcons(page, true);
  expect(await menuItems(page)).toEqual(memberItems());
});

test.describe('the header of each kind of account', () => {
  test('member', async ({ page }) => {
    await signIn(page, demo('member'));
    await expect(page).toHaveURL(/\/jobs$/);
    await expectGreeting(page, 'Hi, Jordan Rivera', '/myprofile');
    await expectIcons(page, true);
    await expect(header(page).getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Log In' })).toHaveCount(0);
    expect(await menuItems(page)).toEqual(memberItems());
  });

  test('organization: greeted by the organization name', async ({ page }) => {
    await signIn(page, demo('organization'));
    await expectGreeting(page, 'Hi, Citizens for Clean Water', '/myprofile');
    await expectIcons(page, true);
    expect(await menuItems(page)).toEqual(memberItems());
  });

  test('vendor: storefront links, an extra Home, no messaging or notification icons', async ({ page }) => {
    await signIn(page, demo('vendor'));
    await expectGreeting(page, 'Hi, Dana Whitfield', '/liberty-print-shop');
    await expectIcons(page, false);
    const [home, ...rest] = memberItems('/liberty-print-shop');
    expect(await menuItems(page)).toEqual([home, ['Home', '/liberty-print-shop'], ...rest]);
  });

  test('admin: Admin Dashboard', async ({ page }) => {
    await signIn(page, demo('admin'));
    await expectGreeting(page, 'Hi, Morgan Ellis', '/myprofile');
    const items = await menuItems(page);
    expect(items).toContainEqual(['Admin Dashboard', '/admin']);
    expect(items.map(([label]) => label)).not.toContain('Campaign Dashboard');
  });
});

test('the avatar menu works from the keyboard and closes on an outside click', async ({ page }) => {
  await signIn(page, demo('member'));
  await hydrated(page, 'AccountMenu');
  const button = page.getByRole('button', { name: 'Account menu' });
  await expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.locator('main').click({ position: { x: 10, y: 400 } });
  await expect(menu).toBeHidden();
});

test.describe('signing out', () => {
  for (const via of ['the Log Out button', 'the Sign Out menu item'] as const) {
    test(`through ${via} clears the stored cart and profile image and goes home`, async ({ page }) => {
      await signIn(page, demo('member'));
      await hydrated(page, 'AccountMenu');
      // The header stores the profile image after hydration (docs/product/spec.md §3).
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('profileImage')))
        .toMatch(/^\/media\//);
      await page.evaluate(() =>
        localStorage.setItem('cartItems', JSON.stringify({ id: 0, status: 1, total: '0.00' })),
      );

      if (via === 'the Log Out button') {
        await hydrated(page, 'LogOutButton');
        await header(page).getByRole('button', { name: 'Log Out' }).click();
      } else {
        const menu = await openAccountMenu(page);
        await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      }

      await page.waitForURL((url) => url.pathname === '/');
      const stored = await page.evaluate(() => [
        localStorage.getItem('cartItems'),
        localStorage.getItem('profileImage'),
      ]);
      expect(stored).toEqual([null, null]);
      await expect(header(page).getByRole('link', { name: 'Log In' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
      const session = await page.request.get('/api/auth/session');
      expect(await session.json()).toEqual({});
    });
  }
});

test('a visitor opening /messaging signs in and comes back to /messaging', async ({ page }) => {
  await page.goto('/messaging');
  const landed = new URL(page.url());
  expect(landed.pathname).toBe('/api/auth/signin');
  expect(landed.searchParams.get('error')).toBe('SessionRequired');
  expect(landed.searchParams.get('callbackUrl')).toBe('/messaging');
  await expect(page.getByRole('alert')).toHaveText('Please sign in to continue.');
  await submitSignIn(page, demo('member'));
  await expect(page).toHaveURL(/\/messaging$/);
  await expectGreeting(page, 'Hi, Jordan Rivera', '/myprofile');
});

test('a wrong password shows the message and keeps the email', async ({ page }) => {
  await page.goto('/auth/signin');
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email').fill('nobody.here@example.org');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByLabel('Email')).toHaveValue('nobody.here@example.org');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/auth/reset-password',
  );
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
});

test('the contrast page is bare for visitors and standard once signed in', async ({ page }) => {
  await page.goto('/versus/contrast-page');
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'bare');
  await signIn(page, demo('member'), '/versus/contrast-page');
  await expect(page).toHaveURL(/\/versus\/contrast-page$/);
  await expect(page.locator('body')).toHaveAttribute('data-layout', 'standard');
  await expectGreeting(page, 'Hi, Jordan Rivera', '/myprofile');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in form posts on its own and the Log Out form signs out', async ({ page }) => {
    await page.goto('/auth/signin?callbackUrl=%2Fjobs');
    await page.getByLabel('Email').fill(demo('member'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expectGreeting(page, 'Hi, Jordan Rivera', '/myprofile');
    await header(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Log In' })).toBeVisible();
  });
});

// Tagged: runs in its own project after the rest, so no other test sees the toggle switched off.
test.describe('candidates and the campaign-donations toggle', { tag: '@toggle-menu' }, () => {
  // The toggle is shared by the whole server: every candidate check runs in this one serial block.
  test.describe.configure({ mode: 'serial' });

  async function setToggle(page: Page, baseURL: string, enabled: boolean) {
    const response = await page.request.post('/api/doors/trpc/featureToggle.set', {
      data: { json: { name: 'campaign-donations', enabled } },
      headers: { origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async function candidateItems(browser: Browser) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signIn(page, demo('candidate'));
      await expectGreeting(page, 'Hi, Marisol Grant', '/myprofile');
      return (await menuItems(page)).map(([label]) => label);
    } finally {
      await context.close();
    }
  }

  test('a candidate sees Campaign Dashboard while the toggle is on', async ({ browser }) => {
    const labels = await candidateItems(browser);
    expect(labels).toContain('Campaign Dashboard');
    expect(labels).not.toContain('Admin Dashboard');
  });

  test('with the toggle off, Campaign Dashboard is gone', async ({ page, browser, baseURL }) => {
    await signIn(page, demo('admin'));
    try {
      await setToggle(page, baseURL ?? '', false);
      const labels = await candidateItems(browser);
      expect(labels).not.toContain('Campaign Dashboard');
      expect(labels).toContain('Settings');
    } finally {
      await setToggle(page, baseURL ?? '', true);
    }
    expect(await candidateItems(browser)).toContain('Campaign Dashboard');
  });
});
