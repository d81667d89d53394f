import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The standard the platform meets (the accessibility statement at /accessibility says so): WCAG 2.2
 * A and AA. axe has no rule tagged `wcag22a`; `wcag22aa` adds target size (2.5.8). Every e2e spec
 * runs axe through `wcagAxe` (biome.json refuses `@axe-core/playwright` anywhere else in tests/e2e),
 * so the next spec cannot check an older standard by forgetting a tag (docs/decisions/0078).
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** An axe run over `page` limited to WCAG 2.2 A/AA; chain `.include`, `.exclude`, `.disableRules` as usual. */
export function wcagAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS);
}
