import { expect, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * The refunds line on /campaign-dashboard (docs/decisions/0077-refunds-the-candidate-sees.md): the
 * demo data refunds one of Marisol Grant's gifts (api/seed/demo-donations.ts), so her dashboard
 * says how many gifts were refunded and for how much, and lists the refund with its day and reason.
 */
test('the candidate sees the refunds line, each refund with its date and reason', async ({ page }) => {
  await signIn(page, demo('candidate'), '/campaign-dashboard');
  await expect(page.getByRole('heading', { name: 'Refunds', level: 2 })).toBeVisible();
  // At least the seeded refund; the console's refund specs may add theirs during the run.
  await expect(page.getByTestId('refunds-line')).toHaveText(
    /^\d+ gifts? refunded, \$[\d,]+\.\d\d in all\. Raised counts paid gifts only, so it does not include them\.$/,
  );
  await expect(page.getByTestId('refunds-line')).not.toHaveText(/^0 gifts/);
  await expect(page.getByTestId('total-refunded')).not.toHaveText('$0.00');
  const row = page
    .getByTestId('refunds')
    .getByRole('row')
    .filter({ hasText: 'The donor gave twice by mistake.' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  const results = await wcagAxe(page).analyze();
  const violations = results.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target) }));
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
});
