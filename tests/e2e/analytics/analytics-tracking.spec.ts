import { expect, type Page, test } from '@playwright/test';
import postgres from 'postgres';
import { demo, signIn } from '../auth-helpers';

/**
 * The browser tracker against the production server: page loads produce page views (ended with
 * their duration when the page is left), tracked clicks are sent with their label, signed-in
 * members log their activity, and Do-Not-Track turns everything off.
 *
 * Rows are read from the database when the run uses PostgreSQL (E2E_DATABASE_URL, set by
 * playwright.config.ts); PGlite's files belong to the server process, so with PGlite the checks
 * rely on the calls the page made and the server's answers (as feedback.spec.ts does).
 *
 * Pages are left at least 400 ms after they started their page view: a start within 400 ms of
 * the previous one is skipped on purpose (docs/product/spec.md §4).
 */
const START_GUARD_MS = 450;

interface PageViewRow {
  path: string;
  title: string | null;
  duration_ms: number | null;
  is_exit: boolean;
}

async function onDatabase<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T | undefined> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return undefined;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The analytics cookie (HttpOnly: the page cannot read it, the browser context can). */
async function analyticsSession(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hq_analytics');
  expect(cookie, 'the analytics cookie').toBeDefined();
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  return cookie!.value;
}

/** Opens `path` and waits for its trackPageView call to be answered. */
async function visit(page: Page, path: string) {
  const tracked = page.waitForResponse(
    (r) => r.url().endsWith('/api/doors/trpc/tracking.trackPageView') && r.request().method() === 'POST',
  );
  await page.goto(path);
  const response = await tracked;
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as { json: { url: string; title: string } };
  expect(new URL(sent.json.url).pathname).toBe(path);
  await page.waitForTimeout(START_GUARD_MS);
  return sent.json;
}

/**
 * Playwright does not report requests a page sends while it unloads, so sendBeacon is wrapped to
 * note each beacon (it still sends it) in sessionStorage, which the next page of the tab can read.
 */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const sent = send(url, data);
      const log = JSON.parse(sessionStorage.getItem('e2e.beacons') ?? '[]') as unknown[];
      sessionStorage.setItem('e2e.beacons', JSON.stringify([...log, { url, data, sent }]));
      return sent;
    };
  });
  return async () =>
    page.evaluate(
      () =>
        JSON.parse(sessionStorage.getItem('e2e.beacons') ?? '[]') as {
          url: string;
          data: string;
          sent: boolean;
        }[],
    );
}

test('navigating pages records one page view per page, each ended when left', async ({ page }) => {
  const beacons = await recordBeacons(page);
  const first = await visit(page, '/');
  expect(first.title).toBe('Campaign HQ');
  const second = await visit(page, '/about');
  expect(second.title).toMatch(/About/);
  await visit(page, '/faq');
  const session = await analyticsSession(page);

  // Leaving / and /about sent their durations as beacons (pagehide).
  const sent = await beacons();
  expect(sent.map((b) => [b.url, b.sent])).toEqual([
    ['/api/analytics/beacon-end', true],
    ['/api/analytics/beacon-end', true],
  ]);
  for (const beacon of sent) {
    const body = JSON.parse(beacon.data) as { pageViewId: string; durationMs: number };
    expect(body.pageViewId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.durationMs).toBeGreaterThanOrEqual(START_GUARD_MS);
  }

  const rows = () =>
    onDatabase(
      (sql) => sql<PageViewRow[]>`
        SELECT path, title, duration_ms, is_exit FROM analytics_page_views
        WHERE session_id = ${session} ORDER BY started_at`,
    );
  if (process.env.E2E_DATABASE_URL) {
    await expect
      .poll(async () => (await rows())?.map((r) => r.path), { timeout: 10_000 })
      .toEqual(['/', '/about', '/faq']);
    await expect
      .poll(async () => (await rows())?.map((r) => [r.duration_ms !== null, r.is_exit]), { timeout: 10_000 })
      .toEqual([
        [true, false],
        [true, false],
        [false, false],
      ]);
    const stored = (await rows())!;
    expect(stored[0]!.title).toBe('Campaign HQ');
    expect(stored[1]!.duration_ms).toBeGreaterThanOrEqual(START_GUARD_MS);
  }
});

test('a reload within 5 s does not count as a second page view', async ({ page }) => {
  await visit(page, '/press');
  let starts = 0;
  page.on('request', (r) => r.url().endsWith('/api/doors/trpc/tracking.trackPageView') && starts++);
  await page.reload();
  await expect(page.locator('[data-island="Tracker"]')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForTimeout(500);
  expect(starts).toBe(0);
});

test('a tracked click is stored with its label and page-relative coordinates', async ({ page }) => {
  await visit(page, '/merchandise/products/vote-together-tee');
  await expect(page.locator('[data-island="AddToCart"]')).toHaveAttribute('data-hydrated', 'true');
  const clicked = page.waitForResponse((r) => r.url().endsWith('/api/doors/trpc/tracking.trackClick'));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const response = await clicked;
  expect(response.status()).toBe(200);
  const sent = (response.request().postDataJSON() as { json: Record<string, unknown> }).json;
  expect(sent).toMatchObject({
    label: 'Add to cart: Vote Together T-shirt',
    isNormalized: true,
    windowWidth: 1280,
    windowHeight: 800,
  });
  expect(sent.x).toBeGreaterThan(0);
  expect(sent.x).toBeLessThanOrEqual(100);
  expect(sent.y).toBeGreaterThan(0);
  expect(sent.y).toBeLessThanOrEqual(100);
  const session = await analyticsSession(page);

  if (process.env.E2E_DATABASE_URL) {
    const stored = () =>
      onDatabase(
        (sql) => sql<{ path: string; label: string; is_normalized: boolean }[]>`
          SELECT path, label, is_normalized FROM analytics_clicks WHERE session_id = ${session}`,
      );
    await expect.poll(stored, { timeout: 10_000 }).toEqual([
      {
        path: '/merchandise/products/vote-together-tee',
        label: 'Add to cart: Vote Together T-shirt',
        is_normalized: true,
      },
    ]);
  }
});

test("a click a script makes is not counted (an island replaying the one that woke it), a person's is", async ({
  page,
}) => {
  await visit(page, '/merchandise/products/vote-together-tee');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/doors/trpc/tracking.trackClick')) sent.push(r.postData() ?? '');
  });
  await page.evaluate(() => document.querySelector<HTMLElement>('button[data-track]')?.click());
  const clicked = page.waitForResponse((r) => r.url().endsWith('/api/doors/trpc/tracking.trackClick'));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  expect((await clicked).status()).toBe(200);
  // Calls leave in the order of the clicks: had the script's click counted, it would be first.
  expect(sent).toHaveLength(1);
});

test('a click on a tracked header link is sent even though the page navigates away', async ({ page }) => {
  await visit(page, '/about');
  const clicked = page.waitForRequest((r) => r.url().endsWith('/api/doors/trpc/tracking.trackClick'));
  await page.locator('header .site-header__nav').getByRole('link', { name: 'Promotional Items' }).click();
  const sent = ((await clicked).postDataJSON() as { json: { label: string; url: string } }).json;
  expect(sent.label).toBe('Header: Promotional Items');
  expect(new URL(sent.url).pathname).toBe('/about');
  await expect(page).toHaveURL(/\/merchandise$/);
});

test('signed-in members log their activity on each path change', async ({ page }) => {
  const activity: { userId: number; path: string }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/log-activity'))
      activity.push(r.postDataJSON() as { userId: number; path: string });
  });
  await signIn(page, demo('member'), '/about');
  await expect.poll(() => activity.map((a) => a.path)).toContain('/about');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/log-activity'));
  await page.waitForTimeout(START_GUARD_MS);
  await page.goto('/faq');
  expect((await answered).status()).toBe(204);
  const ids = new Set(activity.map((a) => a.userId));
  expect(ids.size).toBe(1);
  expect([...ids][0]).toBeGreaterThan(0);
});

test.describe('with Do-Not-Track', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    );
  });

  test('nothing is tracked', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (
        url.includes('/api/doors/trpc/tracking.') ||
        url.includes('/api/analytics/') ||
        url.includes('/api/log-activity')
      )
        calls.push(url);
    });
    await page.goto('/merchandise/products/vote-together-tee');
    await expect(page.locator('[data-island="Tracker"]')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.locator('[data-island="AddToCart"]')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForTimeout(START_GUARD_MS);
    await page.goto('/about');
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    expect((await page.context().cookies()).some((c) => c.name === 'hq_analytics')).toBe(false);
  });
});
