import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';

/**
 * Islands: the server renders `[data-island]` markers, site/client.ts hydrates them and marks
 * each `data-hydrated="true"`. Each island is its own chunk, fetched only by pages that use it.
 */
interface ManifestChunk {
  file: string;
  src?: string;
}

const manifestPath = fileURLToPath(new URL('../../../dist/client/.vite/manifest.json', import.meta.url));
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

/** Island name → its chunk's URL path, e.g. FeedbackForm → /assets/FeedbackForm-abc123.js. */
const ISLAND_CHUNKS = new Map<string, string>();
for (const [key, chunk] of Object.entries(manifest)) {
  const name = /^site\/islands\/(\w+)\.tsx$/.exec(key)?.[1];
  if (name) ISLAND_CHUNKS.set(name, `/${chunk.file}`);
}

/** Opens `path`, records every script the browser fetches and every console error. */
async function visit(page: Page, path: string) {
  const scripts = new Set<string>();
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(path);
  expect(response?.status()).toBe(path === '/404' ? 404 : 200);
  return { scripts, errors };
}

async function expectAllHydrated(page: Page) {
  const islands = page.locator('[data-island]');
  const names = await islands.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.island ?? ''));
  for (const name of names) {
    await expect(page.locator(`[data-island="${name}"]`).first()).toHaveAttribute('data-hydrated', 'true');
  }
  return new Set(names);
}

const requestedIslands = (scripts: Set<string>) =>
  new Set([...ISLAND_CHUNKS].filter(([, file]) => scripts.has(file)).map(([name]) => name));

test('the build manifest lists the islands', () => {
  for (const name of ['SideMenu', 'SearchBox', 'FeedbackForm']) expect(ISLAND_CHUNKS.get(name)).toBeTruthy();
});

test('the header side menu hydrates without errors', async ({ page }) => {
  const { errors } = await visit(page, '/');
  await expect(page.locator('[data-island="SideMenu"][data-hydrated="true"]')).toHaveCount(1);
  await expectAllHydrated(page);
  expect(errors).toEqual([]);
});

test('a page without islands ships no script at all', async ({ page }) => {
  const { scripts } = await visit(page, '/404');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-island]')).toHaveCount(0);
  await expect(page.locator('script')).toHaveCount(0);
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  expect([...scripts]).toEqual([]);
});

for (const path of ['/', '/about', '/feedback']) {
  test(`${path} fetches exactly the island chunks it renders`, async ({ page }) => {
    const { scripts, errors } = await visit(page, path);
    const rendered = await expectAllHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(rendered.size).toBeGreaterThan(0);
    expect([...requestedIslands(scripts)].sort()).toEqual([...rendered].sort());
    if (path === '/feedback') {
      expect(rendered).toContain('FeedbackForm');
      expect(scripts).toContain(ISLAND_CHUNKS.get('FeedbackForm'));
    } else {
      expect(rendered).not.toContain('FeedbackForm');
      expect(scripts).not.toContain(ISLAND_CHUNKS.get('FeedbackForm'));
    }
    expect(errors).toEqual([]);
  });
}

test('chunks are requested after the first paint, from the list on the entry, not from the head', async ({
  page,
}) => {
  await visit(page, '/');
  await expectAllHydrated(page);
  // The document's head preloads nothing that could share the connection with the stylesheet
  // (docs/decisions/0043-chunks-preloaded-by-the-entry.md)...
  const fromServer = await page.request.get('/').then((res) => res.text());
  expect(fromServer).not.toContain('modulepreload');
  const listed = /data-chunks="([^"]+)"/.exec(fromServer)?.[1]?.split(' ') ?? [];
  expect(listed.length).toBeGreaterThan(0);
  // ...the entry preloads every listed chunk, and none of them was asked for before the page
  // had painted its content.
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  );
  expect(firstPaint).not.toBeNull();
  const timings = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, at: entry.startTime })),
  );
  for (const chunk of listed) {
    const timing = timings.find((entry) => entry.path === chunk);
    expect(timing, chunk).toBeDefined();
    expect(timing!.at, chunk).toBeGreaterThanOrEqual(firstPaint!);
  }
});
