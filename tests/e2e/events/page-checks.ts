import { expect, type Page } from '@playwright/test';
import { wcagAxe } from '../wcag-axe';

/** The events specs' checks of a page: axe's WCAG 2.2 A/AA findings, and that nothing scrolls sideways. */
export async function violations(page: Page) {
  const results = await wcagAxe(page).analyze();
  return results.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

export async function fits(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}
