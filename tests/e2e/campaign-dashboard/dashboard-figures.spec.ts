import { expect, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { textLayouts } from '../text-lines';

/**
 * What the demo candidate reads on /campaign-dashboard at a desktop and a phone width (issue 42,
 * items 5 and 7): each total is whole on one line ("$15,580.0" / "0" broke inside the number at
 * 1440 px), the compliance CSV button lines up with the fields above it like the other
 * buttons, and each recent gift's date is on one line (it wrapped onto three at 375 px).
 * docs/decisions/0076-visual-bands-figures-and-chart-labels.md.
 */
for (const width of [1440, 375] as const) {
  test(`candidate at ${width} px: every total on one line, the CSV button aligned, gift dates on one line`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demo('candidate'), '/campaign-dashboard');
    await expect(page.getByRole('heading', { name: 'Campaign dashboard', level: 1 })).toBeVisible();

    const figures = await textLayouts(page.locator('.dashboard-figures dd'));
    expect(figures.length, 'the five totals: raised, refunded, gifts, donors, monthly').toBe(5);
    expect(figures[0]!.text, 'the demo candidate has raised money').not.toBe('$0.00');
    for (const figure of figures) {
      expect(figure.lines, `"${figure.text}" is on one line`).toBe(1);
      expect(figure.overflows, `"${figure.text}" fits its box`).toBe(false);
    }

    const csv = await page.getByTestId('compliance-csv').boundingBox();
    const field = await page.locator('#range-from').boundingBox();
    expect(csv, 'the CSV button').not.toBeNull();
    expect(Math.abs(csv!.x - field!.x), 'the CSV button starts where the fields above it start').toBeLessThan(
      1,
    );

    const dates = await textLayouts(page.getByTestId('recent-gifts').locator('tbody tr > :first-child'));
    expect(dates.length, 'recent gifts listed').toBeGreaterThan(0);
    for (const date of dates) expect(date.lines, `the date "${date.text}" is on one line`).toBe(1);
  });
}
