import { expect, type Page, test } from '@playwright/test';
import { demo, searchConsoleList, signIn } from '../admin-helpers';

/**
 * All Users at scale, as staff use it (docs/decisions/0036-console-lists-at-scale.md): pages by
 * Next and Previous (keyset cursors), a name fragment through the people search's name index,
 * a state filter, and the CSV export of exactly that view.
 */
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const pages = (page: Page) => page.getByRole('navigation', { name: 'Pages' });

/** The emails on the page shown (the second column): unique, unlike names. */
async function emails(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent?.trim() ?? ''),
  );
}

test('staff page All Users, filter by name fragment and state, and export that view', async ({ page }) => {
  await signIn(page, demo('admin'));
  await page.goto('/admin/all-users');
  await expect(page.getByRole('heading', { name: 'All users', level: 1 })).toBeVisible();
  await expect(pages(page).getByRole('status')).toContainText(/^Rows 1–10 of \d/);
  const firstPage = await emails(page);

  await pages(page).getByRole('button', { name: 'Next' }).click();
  await expect(pages(page).getByRole('status')).toContainText(/^Rows 11–20 of/);
  await expect.poll(() => emails(page)).not.toEqual(firstPage);
  const secondPage = await emails(page);
  expect(secondPage).toHaveLength(10);
  expect(secondPage.some((email) => firstPage.includes(email))).toBe(false);
  await pages(page).getByRole('button', { name: 'Previous' }).click();
  await expect(pages(page).getByRole('status')).toContainText(/^Rows 1–10 of/);
  await expect.poll(() => emails(page)).toEqual(firstPage);

  // A member with a state: their last name, shortened to a fragment, and their state.
  const member = rows(page)
    .filter({ has: page.locator('td', { hasText: /^[A-Z]{2}$/ }) })
    .filter({ hasText: 'individual' })
    .first();
  const name = (await member.locator('td').first().textContent())!.trim();
  const email = (await member.locator('td').nth(1).textContent())!.trim();
  const state = (await member
    .locator('td', { hasText: /^[A-Z]{2}$/ })
    .first()
    .textContent())!.trim();
  const lastName = name.split(' ').at(-1)!;
  const fragment = lastName.slice(0, Math.max(4, lastName.length - 2));

  await searchConsoleList(page, 'Name or email', fragment);
  await expect(rows(page).filter({ hasText: email })).toBeVisible();
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'State' }).click();
  await page.getByRole('combobox', { name: 'State' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  // The choices are state names; their value is the code the list shows.
  await page.locator(`li[role="option"][data-value="${state}"]`).click();
  await expect(rows(page).filter({ hasText: email })).toBeVisible();
  const cells = () =>
    rows(page).evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())),
    );
  // The list refetches with the state: every row shown is then in that state.
  await expect.poll(async () => (await cells()).every((row) => row.includes(state))).toBe(true);
  const stateCells = await cells();
  // The filtered list is small: its total is exact (no "about"), and may run past one page.
  const status = (await pages(page).getByRole('status').textContent()) ?? '';
  const total = Number(/of ([\d,]+)$/.exec(status)?.[1]?.replace(/,/g, ''));
  expect(total).toBeGreaterThanOrEqual(stateCells.length);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^all-users-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  const columns = header!.split(',');
  expect(lines).toHaveLength(total);
  for (const line of lines) expect(line.split(',')[columns.indexOf('state')]).toBe(state);
  expect(lines.some((line) => line.split(',')[columns.indexOf('email')] === email)).toBe(true);
});
