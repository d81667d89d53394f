import { expect, test } from '@playwright/test';
import { demo, hydrated, PASSWORD } from '../auth-helpers';
import { demoStaffCode } from '../two-factor-helpers';

/**
 * WCAG 2.2 SC 3.3.8 (Accessible Authentication, minimum): the two-factor code need not be
 * transcribed. The field takes a paste (a password manager or the authenticator app's copy
 * button) and says it wants a one-time code, so the browser or the phone can fill it in.
 */
test('the sign-in code field says it wants a one-time code and takes a pasted code', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const email = demo('marketing');
  await page.goto('/auth/signin?callbackUrl=%2Fadmin');
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/auth/two-factor');

  const field = page.getByLabel('Authentication code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  const code = await demoStaffCode(email);
  // As authenticator apps copy it: grouped in threes.
  const copied = `${code.slice(0, 3)} ${code.slice(3)}`;
  await page.evaluate((text) => navigator.clipboard.writeText(text), copied);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(copied);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await context.close();
});
