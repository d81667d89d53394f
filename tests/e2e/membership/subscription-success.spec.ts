import { expect, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * /serviceordersuccess centres its text; the list of what a tier unlocks must sit with it, each
 * bullet beside its words (issue 42, item 6: the bullets were at the page's left edge, the words
 * in the middle). The demo organization's Organizer subscription is seeded active with the
 * reference SUB-DEMACCCC (api/seed/demo-membership.ts).
 * docs/decisions/0076-visual-bands-figures-and-chart-labels.md.
 */
const REFERENCE = 'SUB-DEMACCCC';
/**
 * A bullet is drawn at its item's left edge (just outside it, or inside it before the words): the
 * words start there, or one marker's width after it.
 */
const MAX_MARKER_GAP = 32;

for (const width of [1440, 375] as const) {
  test(`at ${width} px each unlocked feature's bullet sits beside its words`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demo('organization'), `/serviceordersuccess?ref=${REFERENCE}`);
    await expect(page.getByRole('heading', { name: 'Welcome to Organizer', level: 1 })).toBeVisible();

    const items = await page
      .getByTestId('tier-unlocks')
      .locator('li')
      .evaluateAll((lis) =>
        lis.map((li) => {
          const range = document.createRange();
          range.selectNodeContents(li);
          const firstLine = range.getClientRects()[0]!;
          return {
            text: (li.textContent ?? '').trim(),
            itemLeft: li.getBoundingClientRect().left,
            textLeft: firstLine.left,
          };
        }),
      );
    expect(items.length, 'the tier unlocks something').toBeGreaterThan(0);
    for (const item of items) {
      expect(item.textLeft - item.itemLeft, `"${item.text}" starts beside its bullet`).toBeLessThanOrEqual(
        MAX_MARKER_GAP,
      );
    }

    const list = await page.getByTestId('tier-unlocks').boundingBox();
    const heading = await page.getByRole('heading', { name: 'What it unlocks' }).boundingBox();
    const centre = (box: { x: number; width: number }) => box.x + box.width / 2;
    expect(
      Math.abs(centre(list!) - centre(heading!)),
      'the list is centred under its heading as a block',
    ).toBeLessThan(24);

    const results = await wcagAxe(page).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
}
