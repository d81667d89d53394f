import { expect, type Page, test } from '@playwright/test';
import { holdChunk } from '../held-chunks';

/**
 * The header search box hydrates on first use (docs/decisions/0063-header-islands-hydrate-on-first-use.md):
 * the first focus, click or keystroke is what wakes it, and it must count as one
 * (docs/product/spec.md §2: "The results dropdown opens on focus"), even when it came before the
 * box's script had run. Every test starts from a fresh page load and does not wait for hydration.
 */
const STORED_RECENT = [
  { id: 901, firstname: 'Person901', lastname: 'Test', orgname: null, profileimage: null },
];

const box = (page: Page) => page.getByRole('combobox', { name: 'Search people' });
const recentList = (page: Page) => page.getByRole('region', { name: 'Recent Searches' });
const advancedSearch = (page: Page) => page.getByRole('link', { name: 'Advanced Search' });
const firstMatch = (page: Page) =>
  page.getByRole('listbox', { name: 'Matching people' }).getByRole('option').first();

/** A visit that left one person in Recent Searches, on a wide screen where the box is always shown. */
async function returningVisitor(page: Page) {
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.addInitScript((entries) => {
    localStorage.setItem('previousSearches', JSON.stringify(entries));
  }, STORED_RECENT);
}

/** The box's own first-use script (site/islands/SearchBox.tsx), not the combobox it loads. */
const SEARCH_BOX_SCRIPT = /\/assets\/SearchBox-[\w-]+\.js$/;

test.describe('the search box honours its first use', () => {
  test('the first click on a fresh page opens the dropdown with Recent Searches and Advanced Search', async ({
    page,
  }) => {
    await returningVisitor(page);
    await page.goto('/about');
    await box(page).click();
    await expect(recentList(page)).toBeVisible();
    await expect(recentList(page).getByRole('link')).toContainText('Person901 Test');
    await expect(advancedSearch(page)).toBeVisible();
    await expect(box(page)).toBeFocused();
  });

  test('a click before the box had its script opens the dropdown once the script runs', async ({ page }) => {
    await returningVisitor(page);
    const script = await holdChunk(page, SEARCH_BOX_SCRIPT);
    await page.goto('/about');
    await expect.poll(() => script.requested()).toBe(true);
    await box(page).click();
    await expect(box(page)).toBeFocused();
    script.release();
    await expect(recentList(page)).toBeVisible();
    await expect(advancedSearch(page)).toBeVisible();
    await expect(box(page)).toBeFocused();
  });

  test('typing right after the page loads searches what was typed', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/about');
    await box(page).pressSequentially('jordan riv');
    await expect(firstMatch(page)).toContainText('Jordan Rivera');
    await expect(box(page)).toHaveValue('jordan riv');
  });

  test('what was typed before the box had its script is kept and searched', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    const script = await holdChunk(page, SEARCH_BOX_SCRIPT);
    await page.goto('/about');
    await expect.poll(() => script.requested()).toBe(true);
    await box(page).pressSequentially('jordan riv');
    script.release();
    await expect(firstMatch(page)).toContainText('Jordan Rivera');
    await expect(box(page)).toHaveValue('jordan riv');
    await expect(box(page)).toBeFocused();
  });
});
