import { expect, type Page, test } from '@playwright/test';
import { demo, openAccountMenu, signIn } from '../auth-helpers';
import { expectFocusNeverCovered } from '../focus-not-obscured';
import { expectContentControlsBigEnough } from '../target-size';
import { wcagAxe } from '../wcag-axe';

/**
 * WCAG 2.2 A/AA checks (axe) on the account pages and the signed-in header, after hydration, with
 * every control at least 24 px (2.5.8) and, on sign-up, a focused field never covered (2.4.11).
 */
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
      await expectContentControlsBigEnough(page, path, page.locator('body'));
      if (path === '/signup')
        await expectFocusNeverCovered(page, page.locator('[data-island="SignUpForm"] form'), 'sign-up form');
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
