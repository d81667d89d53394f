import { expect, type Page, test } from '@playwright/test';
import { wcagAxe } from '../wcag-axe';

/**
 * The header search box (docs/product/spec.md §§2, 5, 9) and the /search page, in a real browser against
 * the production server and its freshly seeded database (Jordan Rivera is the demo member).
 */
const SEARCH_PATH = '/api/doors/trpc/users.searchUsersByName';
const STORAGE_KEY = 'previousSearches';

/** The header's search field, opened first where the header collapses it behind its button. */
async function searchBox(page: Page) {
  await expect(page.locator('[data-island="SearchBox"]')).toHaveAttribute('data-hydrated', 'true');
  const box = page.getByRole('combobox', { name: 'Search people' });
  if (!(await box.isVisible())) await page.getByRole('button', { name: 'Open search' }).click();
  await expect(box).toBeVisible();
  return box;
}

async function openHome(page: Page) {
  await page.goto('/about');
  return searchBox(page);
}

function countSearchRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === SEARCH_PATH) seen.push(request.postData() ?? '');
  });
  return seen;
}

const listbox = (page: Page) => page.getByRole('listbox', { name: 'Matching people' });
const recentList = (page: Page) => page.getByRole('region', { name: 'Recent Searches' });

test.describe('header search box', () => {
  test('fires one request per pause, not one per key', async ({ page }) => {
    // The page's timers run on Playwright's clock: the 300 ms debounce can only elapse when the test
    // says so, however long a loaded machine stalls between two keys (or while the box hydrates on
    // its first key), so every pause below is one the test made.
    await page.clock.install();
    const box = await openHome(page);
    const requests = countSearchRequests(page);
    await box.pressSequentially('jordan');
    await page.clock.runFor(250);
    expect(requests).toHaveLength(0);
    await page.clock.runFor(100);
    await expect(listbox(page).getByRole('option').first()).toBeVisible();
    await page.clock.runFor(600);
    expect(requests).toHaveLength(1);
    expect(JSON.parse(requests[0]!)).toMatchObject({ json: { query: 'jordan' } });

    await box.pressSequentially(' riv');
    await page.clock.runFor(350);
    await expect(listbox(page).getByRole('option').first()).toContainText('Jordan Rivera');
    await page.clock.runFor(600);
    expect(requests).toHaveLength(2);
    expect(JSON.parse(requests[1]!)).toMatchObject({ json: { query: 'jordan riv' } });
  });

  test('shows at most 8 matches, each linking to a public profile', async ({ page }) => {
    const box = await openHome(page);
    await box.fill('m');
    const options = listbox(page).getByRole('option');
    await expect(options.first()).toBeVisible();
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    for (const href of await options.evaluateAll((els) => els.map((el) => el.getAttribute('href')))) {
      expect(href).toMatch(/^\/profile\/[a-z0-9-]+\/\d+$/);
    }
  });

  test("says 'no results.' only after about 500 ms without a result", async ({ page }) => {
    const box = await openHome(page);
    // Timed inside the page: from the last keystroke to the text appearing, immune to test-runner lag.
    await page.evaluate(() => {
      const w = window as unknown as { lastInput: number; noResultsAt: number };
      w.lastInput = 0;
      w.noResultsAt = 0;
      document.addEventListener('input', () => (w.lastInput = performance.now()), true);
      new MutationObserver(() => {
        if (!w.noResultsAt && document.querySelector('.search-box__empty')) w.noResultsAt = performance.now();
      }).observe(document.body, { subtree: true, childList: true });
    });
    await box.pressSequentially('zzqxv', { delay: 20 });
    await expect(page.getByText('no results.', { exact: true })).toBeVisible({ timeout: 5_000 });
    const delay = await page.evaluate(() => {
      const w = window as unknown as { lastInput: number; noResultsAt: number };
      return w.noResultsAt - w.lastInput;
    });
    expect(delay).toBeGreaterThanOrEqual(495);
    expect(delay).toBeLessThan(3_000);
  });

  test('offers Advanced Search below the results', async ({ page }) => {
    const box = await openHome(page);
    await box.focus();
    const advanced = page.getByRole('link', { name: 'Advanced Search' });
    await expect(advanced).toBeVisible();
    await expect(advanced).toHaveAttribute('href', '/search');
    await box.fill('jordan');
    await expect(advanced).toHaveAttribute('href', '/search?q=jordan');
    await advanced.click();
    await expect(page).toHaveURL(/\/search\?q=jordan$/);
    await expect(page.getByRole('heading', { name: 'Advanced people search' })).toBeVisible();
  });

  test('closes on a click outside and on Escape', async ({ page }) => {
    const box = await openHome(page);
    await box.fill('jordan');
    await expect(listbox(page)).toBeVisible();
    // The heading's left end: the dropdown hangs from the search box on the right and may cover its middle.
    await page.locator('main h1').click({ position: { x: 5, y: 5 } });
    await expect(listbox(page)).toBeHidden();
    await expect(page.getByRole('link', { name: 'Advanced Search' })).toBeHidden();
    await box.click();
    await expect(listbox(page)).toBeVisible();
    await box.press('Escape');
    await expect(listbox(page)).toBeHidden();
  });

  test('is a combobox driven by the keyboard: arrows move, Enter opens', async ({ page }) => {
    const box = await openHome(page);
    await box.fill('jordan rivera');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = listbox(page).getByRole('option').first();
    await expect(first).toContainText('Jordan Rivera');
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/profile\/jordan-rivera\/\d+$/);
  });

  test('keeps Recent Searches: newest first, no duplicates, at most 5, removable, across reloads', async ({
    page,
  }) => {
    await openHome(page);
    // Four earlier entries, as an earlier visit would have left them.
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify(
            [901, 902, 903, 904].map((id) => ({
              id,
              firstname: `Person${id}`,
              lastname: 'Test',
              orgname: null,
              profileimage: null,
            })),
          ),
        ),
      STORAGE_KEY,
    );
    await page.reload();
    await (await searchBox(page)).fill('jordan rivera');
    await listbox(page).getByRole('option').first().click();
    await expect(page).toHaveURL(/\/profile\/jordan-rivera\/\d+$/);

    const stored = async () =>
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)) ?? '[]') as {
        id: number;
      }[];
    const afterFirst = await stored();
    expect(afterFirst).toHaveLength(5);
    const jordanId = afterFirst[0]!.id;
    expect(afterFirst.map((e) => e.id)).toEqual([jordanId, 901, 902, 903, 904]);

    // The same person again: moved to the front, not duplicated; another person: the oldest drops out.
    await (await searchBox(page)).fill('marisol grant');
    await listbox(page).getByRole('option').first().click();
    await expect(page).toHaveURL(/\/profile\/marisol-grant\/\d+$/);
    await (await searchBox(page)).fill('jordan rivera');
    await listbox(page).getByRole('option').first().click();
    await expect(page).toHaveURL(/\/profile\/jordan-rivera\/\d+$/);
    const ids = (await stored()).map((e) => e.id);
    expect(ids).toHaveLength(5);
    expect(ids[0]).toBe(jordanId);
    expect(new Set(ids).size).toBe(5);
    expect(ids).not.toContain(904);

    await page.reload();
    await (await searchBox(page)).click();
    const recent = recentList(page);
    await expect(recent.getByRole('link')).toHaveCount(5);
    await expect(recent.getByRole('link').first()).toContainText('Jordan Rivera');
    await recent.getByRole('button', { name: 'Remove Person901 Test from recent searches' }).click();
    await expect(recent.getByRole('link')).toHaveCount(4);
    await page.reload();
    await (await searchBox(page)).click();
    await expect(recentList(page).getByRole('link')).toHaveCount(4);
    await expect(recentList(page)).not.toContainText('Person901');
  });

  test('ignores an unreadable stored value', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openHome(page);
    await page.evaluate((key) => localStorage.setItem(key, '{not json'), STORAGE_KEY);
    await page.reload();
    const box = await searchBox(page);
    await box.click();
    await expect(page.getByRole('link', { name: 'Advanced Search' })).toBeVisible();
    await expect(recentList(page)).toHaveCount(0);
    await box.fill('jordan rivera');
    await listbox(page).getByRole('option').first().click();
    await expect(page).toHaveURL(/\/profile\/jordan-rivera\/\d+$/);
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEY);
    expect(stored).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('collapses behind a button on small screens, closing in 300 ms', async ({ page }) => {
    await page.setViewportSize({ width: 500, height: 800 });
    // A controlled clock: the 300 ms closing state is observed, then ended, deterministically.
    // Paused, not only installed: an installed clock still follows real time, and on a busy
    // machine the 300 ms had passed before the closing state was first looked at.
    const start = new Date('2026-01-05T09:00:00Z');
    await page.clock.install({ time: start });
    await page.goto('/about');
    await expect(page.locator('[data-island="SearchBox"]')).toHaveAttribute('data-hydrated', 'true');
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    const box = page.getByRole('combobox', { name: 'Search people' });
    await expect(box).toBeHidden();
    await page.getByRole('button', { name: 'Open search' }).click();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(page.locator('.search-box')).toHaveAttribute('data-closing', 'true');
    await page.clock.runFor(300);
    await expect(box).toBeHidden({ timeout: 2_000 });
  });
});

test.describe('/search page', () => {
  test('works as a plain GET form with a shareable URL, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/search');
    await page.getByLabel('Name', { exact: true }).fill('jordn rivra');
    await page.getByLabel('State').selectOption('PA');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=jordn\+rivra&state=PA/);
    const first = page.locator('.person-card').first();
    await expect(first.getByRole('link')).toHaveText('Jordan Rivera');
    await expect(first).toContainText('Pennsylvania');
    await context.close();
  });

  test('pages through filter-only results', async ({ page }) => {
    await page.goto('/search?role=1');
    await expect(page.locator('.person-card')).toHaveCount(20);
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/search\?role=1&page=2$/);
    await expect(page.getByRole('link', { name: 'Previous' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/search?q=jordan', '/profile/jordan-rivera/1']) {
    test(`${path} has no WCAG 2.2 A/AA violations, with the search dropdown open`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.ok()).toBe(true);
      for (const island of await page.locator('[data-island]').all()) {
        await expect(island).toHaveAttribute('data-hydrated', 'true');
      }
      const box = await searchBox(page);
      await box.fill('jordan');
      await expect(listbox(page).getByRole('option').first()).toBeVisible();
      const results = await wcagAxe(page).analyze();
      const summary = results.violations.map((v) => ({
        rule: v.id,
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }));
      expect(summary, JSON.stringify(summary, null, 2)).toEqual([]);
    });
  }
});
