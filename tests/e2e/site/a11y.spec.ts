import { expect, test } from '@playwright/test';
import { expectContentControlsBigEnough } from '../target-size';
import { wcagAxe } from '../wcag-axe';

/**
 * WCAG 2.2 A/AA checks with axe on the main public pages, after the islands have hydrated, and the
 * 24 px target scan (2.5.8) of their content at the same visit.
 */
const PAGES = ['/', '/about', '/faq', '/merchandise', '/membership', '/serviceordersuccess'];

for (const path of PAGES) {
  test(`${path} has no WCAG 2.2 A/AA violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers`).toBe(200);
    for (const island of await page.locator('[data-island]').all()) {
      await expect(island).toHaveAttribute('data-hydrated', 'true');
    }
    const results = await wcagAxe(page).analyze();
    const summary = results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), message: n.failureSummary })),
    }));
    expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
    await expectContentControlsBigEnough(page, path);
  });
}
