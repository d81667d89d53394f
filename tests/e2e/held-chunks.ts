import type { Page } from '@playwright/test';

/**
 * Holds the script chunk matching `url` until `release` is called. `requested()` turns true when
 * the route handler runs, which is a protocol round trip after the page asked: a click does not
 * wait for it, so check it with `expect.poll`, never right after the click.
 */
export async function holdChunk(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(url, async (route) => {
    requested = true;
    await released;
    // The page that asked may have been left meanwhile.
    await route.continue().catch(() => {});
  });
  return { release, requested: () => requested };
}
