import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './mass-email-helpers';

/**
 * /unsubscribe without a valid token (docs/decisions/0022-mass-email.md): a bare page that says the link is not
 * valid, with no button, axe clean. The whole donor email flow, which needs campaign and gift rows
 * written into the server's database, is tests/e2e/mass-email/mass-email.postgres.spec.ts.
 */
test('/unsubscribe with a broken link says so on a bare page and offers no button', async ({ page }) => {
  for (const path of ['/unsubscribe', '/unsubscribe?token=1.Zm9vQGV4YW1wbGUudGVzdA.forged']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(400);
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'bare');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This unsubscribe link is not valid');
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
});
