import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../admin-helpers';
import { hydrated } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * Analytics reporting (docs/decisions/0010-analytics-reports.md): the click heatmap overlay (docs/product/spec.md §§2, 4, 5, 9) for staff with
 * VIEW_ANALYTICS_HEATMAP, over the demo seed's clicks, and the console's analytics screen.
 * The demo seed (api/seed/analytics-demo.ts) puts clicks on /, /merchandise and /membership and none on /about or /vision-and-values.
 */
test.use({ viewport: { width: 1280, height: 800 } });

const toggle = (page: Page) => page.getByRole('button', { name: 'Click heatmap' });
const canvas = (page: Page) => page.locator('canvas.heatmap-canvas');

async function switchOn(page: Page) {
  await hydrated(page, 'HeatmapOverlay');
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(canvas(page)).toHaveCount(1);
}

/** Serious or critical WCAG 2.2 A/AA violations on the page as it is now. */
async function axeProblems(page: Page) {
  const results = await wcagAxe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** How many pixels of the canvas carry colour. */
const paintedPixels = (page: Page) =>
  canvas(page).evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  });

test('the heatmap toggle is offered only to staff with the heatmap permission', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(toggle(page)).toHaveCount(0);

  await signIn(page, demo('member'));
  await page.goto('/');
  await expect(page.locator('header .greeting')).toBeVisible();
  await expect(toggle(page)).toHaveCount(0);

  // SUPPORT is staff without VIEW_ANALYTICS_HEATMAP.
  await signIn(page, demo('support'));
  await page.goto('/');
  await expect(page.locator('header .greeting')).toBeVisible();
  await expect(page.locator('[data-island="HeatmapOverlay"]')).toHaveCount(0);
});

test('the analytics account draws the seeded clicks, and five samples on a page without clicks', async ({
  page,
}) => {
  await signIn(page, demo('analytics'));
  await page.goto('/');
  await switchOn(page);
  await expect(canvas(page)).toHaveAttribute('aria-hidden', 'true');
  await expect(canvas(page)).toHaveCSS('pointer-events', 'none');
  await expect(canvas(page)).not.toHaveAttribute('data-total-clicks', '0');
  const drawn = Number(await canvas(page).getAttribute('data-points'));
  expect(drawn).toBeGreaterThan(5);
  expect(await paintedPixels(page)).toBeGreaterThan(100);
  // The canvas covers the page.
  const size = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    canvas: document.querySelector('canvas.heatmap-canvas')!.getBoundingClientRect().height,
  }));
  expect(size.canvas).toBe(size.page);
  expect(await axeProblems(page)).toEqual([]);

  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(canvas(page)).toHaveCount(0);

  // A page the demo seed has no clicks on and that no other spec clicks a tracked element on
  // (every spec shares this server, and header links are tracked).
  await page.goto('/vision-and-values');
  await switchOn(page);
  await expect(canvas(page)).toHaveAttribute('data-total-clicks', '0');
  await expect(canvas(page)).toHaveAttribute('data-points', '5');
  expect(await paintedPixels(page)).toBeGreaterThan(100);
  await expect(page.getByRole('status').filter({ hasText: 'showing samples' })).toHaveCount(1);
});

test('the analytics screen shows every section for the analytics account', async ({ page }) => {
  await signIn(page, demo('analytics'));
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const section of [
    'Sessions over time',
    'Page views over time',
    'Top pages',
    'Exit pages',
    'Referrers',
    'UTM campaigns',
  ]) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('Average time on page', { exact: true })).toBeVisible();
  const topPages = page.getByRole('table', { name: 'Most viewed pages' });
  await expect(topPages.getByRole('rowheader', { name: '/', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sessions by referring site' })).toContainText('google.com');
  await expect(page.getByRole('table', { name: 'Sessions by campaign' })).toContainText(
    'fall-volunteer-drive',
  );
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  // The sections re-render when the 7-day figures arrive, which closes a details element opened
  // just before: open it until it shows the new range.
  const dailyFigures = page.locator('details', { hasText: 'Daily figures' }).first();
  await expect(async () => {
    if (!(await dailyFigures.evaluate((d) => (d as HTMLDetailsElement).open))) {
      await dailyFigures.locator('summary').click();
    }
    await expect(
      page.getByRole('table', { name: 'Sessions and visitors by day' }).getByRole('row'),
    ).toHaveCount(8, { timeout: 1_000 });
  }).toPass();
});
