import { expect, type Page, test } from '@playwright/test';

/**
 * /jobs on a phone (issue 42, item 7): the nine filters fold behind "Filters", so the first job is
 * on the first screen; the control opens them by click and by keyboard, with or without
 * JavaScript, and says how many are in use. From 768 px the filters show as they always did.
 */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const FILTER_LABELS = [
  'State',
  'Job type',
  'Employment',
  'Issue',
  'Skill',
  'Paid or volunteer',
  'Pay at least (per year, $)',
  'Remote only',
  'Order',
];

const filtersControl = (page: Page) => page.locator('summary', { hasText: 'Filters' });

async function expectFilters(page: Page, visible: boolean) {
  for (const label of FILTER_LABELS) {
    const field = page.getByLabel(label, { exact: true });
    if (visible) await expect(field, label).toBeVisible();
    else await expect(field, label).toBeHidden();
  }
}

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the first job starts on the first screen, with the filters folded', async ({ page }) => {
    await page.goto('/jobs');
    await expect(filtersControl(page)).toBeVisible();
    await expectFilters(page, false);
    const firstJob = await page.locator('.job-card').first().boundingBox();
    expect(firstJob).not.toBeNull();
    expect(firstJob!.y).toBeLessThan(PHONE.height);
  });

  test('Filters opens and closes the filters by click and by keyboard', async ({ page }) => {
    await page.goto('/jobs');
    const control = filtersControl(page);
    await control.click();
    await expectFilters(page, true);
    await page.getByLabel('State').selectOption({ label: 'Nevada' });
    await control.click();
    await expectFilters(page, false);

    // From the keywords, Tab reaches the control; Enter and Space toggle it.
    await page.getByLabel('Keywords').focus();
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
    await page.keyboard.press('Enter');
    await expectFilters(page, true);
    await page.keyboard.press('Space');
    await expectFilters(page, false);
  });

  test('the control says how many filters are in use', async ({ page }) => {
    await page.goto('/jobs?state=NV&remote=1&sort=relevant');
    await expect(filtersControl(page)).toHaveText('Filters (3 in use)');
    await page.goto('/jobs?q=organizer');
    await expect(filtersControl(page)).toHaveText('Filters');
  });

  test('without JavaScript the control opens the filters, and a search runs from them', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/jobs');
    await expectFilters(page, false);
    await filtersControl(page).click();
    await expectFilters(page, true);
    await page.getByLabel('Paid or volunteer').selectOption('volunteer');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await expect(page).toHaveURL(/pay=volunteer/);
    await expect(filtersControl(page)).toHaveText('Filters (1 in use)');
    await context.close();
  });
});

test.describe('at 1440 px', () => {
  test.use({ viewport: DESKTOP });

  test('the filters show open beside the jobs, with no Filters control', async ({ page }) => {
    await page.goto('/jobs');
    await expect(filtersControl(page)).toBeHidden();
    await expectFilters(page, true);
    // Still one form: a filter chosen here searches.
    await page.getByLabel('Paid or volunteer').selectOption('paid');
    await page.getByRole('button', { name: 'Search jobs' }).click();
    await expect(page).toHaveURL(/pay=paid/);
    await expectFilters(page, true);
  });
});
