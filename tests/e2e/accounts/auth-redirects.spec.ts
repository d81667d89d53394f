import { expect, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';

/**
 * Finding 8 in a real browser: Chromium drops tabs and newlines from URLs, so a callbackUrl of
 * `/%09/evil.example/` used to become a link to //evil.example. Both ways out of /setup (the
 * "Skip for now" link and the form) and the sign-in form must stay on this site.
 */
for (const callbackUrl of ['/%09/evil.example/', '/%0a/evil.example/', '/%5C/evil.example/']) {
  test(`/setup?callbackUrl=${callbackUrl}: "Skip for now" and the form stay on the site`, async ({
    page,
    baseURL,
  }) => {
    await signIn(page, demo('vendor'), '/');
    const response = await page.goto(`/setup?callbackUrl=${callbackUrl}`);
    expect(response?.status()).toBe(200);
    await hydrated(page, 'SetupForm');
    await expect(page.locator('input[name="callbackUrl"]')).toHaveValue('/myprofile');
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await page.waitForURL((url) => url.pathname !== '/setup');
    expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
  });
}

test('the sign-in form with a hostile callbackUrl lands on this site', async ({ page, baseURL }) => {
  await signIn(page, demo('vendor'), '/\t/evil.example/');
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
});
