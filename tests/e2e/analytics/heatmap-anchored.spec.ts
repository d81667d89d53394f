import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../admin-helpers';
import { hydrated } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * Element-anchored clicks and width bands (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md):
 * clicks made on a phone on a control that sits elsewhere on a wide screen are drawn on that
 * control when the overlay is opened on the wide screen, in the phone's band. The home page's
 * "Compare plans" button is full width under "Start for free" at 375 px and beside it at 1280 px.
 * No other spec clicks it, and the demo seed's clicks are all made at 1280 px.
 */
const CLICKS = 30;
const control = (page: Page) => page.getByRole('link', { name: 'Compare plans' });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const inside = (box: Box, [x, y]: [number, number]) =>
  x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;

/** The control's box in page coordinates, as laid out now. */
const pageBox = (page: Page) =>
  control(page).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });

test('clicks made at 375 px are drawn on the control where it sits at 1280 px', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const visitor = await phone.newPage();
  // Keeps what the page sends with sendBeacon, which Playwright does not see as a request.
  await visitor.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const log = JSON.parse(sessionStorage.getItem('e2e.beacons') ?? '[]') as unknown[];
      sessionStorage.setItem('e2e.beacons', JSON.stringify([...log, data]));
      return send(url, data);
    };
  });
  await visitor.goto('/');
  await hydrated(visitor, 'Tracker');
  // The link would leave the page; the tracker (capture phase) has recorded the click by then.
  await visitor.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
  const atPhone = await pageBox(visitor);
  const stored: Promise<unknown>[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const rx = 0.05 + ((i * 7) % 10) / 11;
    const ry = 0.15 + ((i * 3) % 8) / 11;
    stored.push(
      visitor.waitForResponse((r) => r.url().endsWith('/tracking.trackClick') && r.ok(), { timeout: 15_000 }),
    );
    await control(visitor).click({ position: { x: atPhone.width * rx, y: atPhone.height * ry } });
    await stored[i];
  }
  // Read to the bottom, then leave: the page view's beacon carries its deepest scroll.
  await visitor.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() =>
      visitor.evaluate(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
      ),
    )
    .toBe(true);
  await visitor.goto('/about');
  const beacons = await visitor.evaluate(
    () => JSON.parse(sessionStorage.getItem('e2e.beacons') ?? '[]') as string[],
  );
  expect(JSON.parse(beacons.at(-1) ?? '{}')).toMatchObject({ scrollDepth: 100 });
  await phone.close();

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, demo('analytics'));
  await page.goto('/');
  await hydrated(page, 'HeatmapOverlay');
  await page.getByRole('button', { name: 'Click heatmap' }).click();
  const bands = page.getByRole('group', { name: 'Clicks made at window width' });
  // The band of the window the overlay is opened in comes first and is the one drawn.
  await expect(bands.getByRole('radio').first()).toHaveAccessibleName(/^1280 px and up/);
  await expect(bands.getByRole('radio').first()).toBeChecked();
  await bands.getByRole('radio', { name: /^Under 768 px/ }).check();
  const canvas = page.locator('canvas.heatmap-canvas[data-band="narrow"]');
  await expect(canvas).toHaveAttribute('data-total-clicks', String(CLICKS));

  const atDesktop = await pageBox(page);
  const drawn = JSON.parse((await canvas.getAttribute('data-drawn')) ?? '[]') as [number, number, number][];
  const drawnClicks = drawn.flatMap(([x, y, value]) =>
    Array.from({ length: value }, () => [x, y] as [number, number]),
  );
  expect(drawnClicks).toHaveLength(CLICKS);
  const onControl = drawnClicks.filter((p) => inside(atDesktop, p)).length;
  expect(onControl / CLICKS).toBeGreaterThanOrEqual(0.95);

  // The same clicks placed by their page-relative positions miss the control at this width.
  const pageRelative = await page.evaluate(async () => {
    const res = await fetch(
      `/api/doors/trpc/analytics.heatmapData?input=${encodeURIComponent(JSON.stringify({ json: { url: '/', band: 'narrow' } }))}`,
    );
    const data = (await res.json()).result.data.json as {
      heatmapPoints: { x: number; y: number; value: number }[];
    };
    const root = document.documentElement;
    const width = Math.max(root.scrollWidth, root.clientWidth);
    const height = Math.max(root.scrollHeight, root.clientHeight);
    return data.heatmapPoints.flatMap((p) =>
      Array.from({ length: p.value }, () => [(p.x / 100) * width, (p.y / 100) * height] as [number, number]),
    );
  });
  expect(pageRelative).toHaveLength(CLICKS);
  expect(pageRelative.filter((p) => inside(atDesktop, p)).length / CLICKS).toBeLessThanOrEqual(0.05);

  // The scroll map: three "reached here" lines, the half-way one said in the status too.
  await expect(page.locator('.heatmap-scroll__line')).toHaveCount(3);
  await expect(page.locator('.heatmap-scroll__line[data-share="50"]')).toHaveText(
    '50 % of visitors reached here',
  );
  await expect(
    page.getByRole('status').filter({ hasText: /Half of the visitors scrolled to \d+ % of the page/ }),
  ).toHaveCount(1);
  const problems = (await wcagAxe(page).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(problems.map((v) => v.id)).toEqual([]);
});

test('a rage-clicked control that does nothing is marked on the overlay and listed on the analytics screen', async ({
  browser,
}) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const visitor = await desk.newPage();
  await visitor.goto('/');
  await hydrated(visitor, 'Tracker');
  // A broken button: the click goes nowhere and changes nothing.
  await visitor.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
  const start = visitor.getByRole('link', { name: 'Start for free' });
  const signals: string[] = [];
  visitor.on('request', (r) => {
    if (r.url().endsWith('/tracking.trackClickSignal'))
      signals.push((r.postDataJSON() as { json: { kind: string } }).json.kind);
  });
  // Three presses of the mouse itself, not three locator clicks: each of those waits for the control
  // to be ready, and on a loaded machine the three can take longer than a rage click's 700 ms.
  const box = await start.boundingBox();
  if (!box) throw new Error('the Start for free link is not laid out');
  for (let i = 0; i < 3; i++) await visitor.mouse.click(box.x + 20 + i * 5, box.y + 10);
  // One burst of three is one rage click; a second later each of the three is a dead click.
  await expect.poll(() => [...signals].sort(), { timeout: 5_000 }).toEqual(['dead', 'dead', 'dead', 'rage']);
  await visitor.waitForLoadState('networkidle');
  await desk.close();

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, demo('analytics'));
  await page.goto('/');
  await hydrated(page, 'HeatmapOverlay');
  await page.getByRole('button', { name: 'Click heatmap' }).click();
  const mark = page.locator('.heatmap-mark', { hasText: '1 rage, 3 dead' });
  await expect(mark).toHaveCount(1);
  const [markBox, controlBox] = await Promise.all([
    mark.boundingBox(),
    page.getByRole('link', { name: 'Start for free' }).boundingBox(),
  ]);
  expect(markBox).toEqual(controlBox);

  await page.goto('/admin/analytics');
  const section = page.getByRole('region', { name: 'Rage and dead clicks' });
  const table = section.getByRole('table', { name: /^\/: / });
  await expect(table.getByRole('row', { name: /Start for free/ }).getByRole('cell')).toHaveText(['1', '3']);
});
