import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** WCAG 2.1 A/AA (axe) on the page as it stands, islands hydrated first. */
export async function expectNoAxeViolations(page: Page) {
  for (const island of await page.locator('[data-island]').all()) {
    await expect(island).toHaveAttribute('data-hydrated', 'true');
  }
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  }));
  expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
}
