import { expect, type Page } from '@playwright/test';
import { wcagAxe } from '../wcag-axe';

/** WCAG 2.2 A/AA (axe) on the page as it stands, islands hydrated first. */
export async function expectNoAxeViolations(page: Page) {
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

/** The console's bar (tests/e2e/console/admin-a11y.spec.ts): no serious or critical WCAG 2.2 A/AA violation. */
export async function expectNoSeriousAxeViolations(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  // A notice fading in or out is paler than it will be: axe would measure its contrast mid-way (a CI run failed so).
  await expect
    .poll(() =>
      page
        .locator('.MuiSnackbarContent-root')
        .evaluateAll((bars) => bars.every((bar) => getComputedStyle(bar).opacity === '1')),
    )
    .toBe(true);
  // A button turning from disabled to enabled changes colour over a short transition (a CI run
  // measured one mid-way): wait until no finite animation or transition is running.
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      ),
    )
    .toBe(true);
  const results = await wcagAxe(page).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
