import { expect, type Page, test } from '@playwright/test';
import { demo, openAccountMenu, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/** WCAG 2.2 A/AA checks (axe) on the account pages and the signed-in header, after hydration. */
test.describe('account pages: accessibility', () => {
  async function expectNoViolations(page: Page) {
    for (const island of await page.locator('[data-island]').all()) {
      await expect(island).toHaveAttribute('data-hydrated', 'true');
    }
    const results = await wcagAxe(page).analyze();
    const summary = results.violations.map((v) => ({
      rule: v.id,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
    }));
    expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
  }

  for (const path of [
    '/auth/signin?error=CredentialsSignin',
    '/signup',
    '/auth/reset-password',
    '/auth/reset-password?token=not-a-real-token-0000',
    '/auth/verify-email',
    '/blocked',
    '/blocked/ip',
    '/api/auth/error?error=MissingCSRF',
  ]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expectNoViolations(page);
    });
  }

  test('the signed-in header with the avatar menu open, and /setup', async ({ page }) => {
    await signIn(page, demo('member'));
    await openAccountMenu(page);
    await expectNoViolations(page);
    await page.goto('/setup');
    await expectNoViolations(page);
  });
});
