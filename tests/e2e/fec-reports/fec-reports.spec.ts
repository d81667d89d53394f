import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/**
 * Filing-ready FEC reports end to end (docs/decisions/0090-fec-reports.md): the candidate fills her
 * committee details, downloads a quarterly `.fec`, names a treasurer, who signs in and downloads the
 * same file; a member who is not her treasurer gets the normal 404.
 */
test.describe.configure({ mode: 'serial' });

async function axeClean(page: Page) {
  const results = await wcagAxe(page).analyze();
  const violations = results.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target) }));
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

async function download(page: Page, name: RegExp) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).first().click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'latin1') };
}

test('the candidate’s committee details and quarterly file; the treasurer sees the same; others get 404', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people, a dozen pages and a file download: 35 s on a loaded machine, 46 s on a busier one.
  test.setTimeout(120_000);
  const candidate = page;
  const open = async () => (await browser.newContext({ baseURL })).newPage();
  await signIn(candidate, demo('candidate'), '/campaign-dashboard');
  await candidate.getByRole('link', { name: 'Committee details' }).click();
  await expect(candidate.getByRole('heading', { name: 'Committee details', level: 1 })).toBeVisible();
  await candidate.getByLabel('FEC committee ID').fill('C123');
  await candidate.getByLabel('Treasurer’s first name').fill('Teresa');
  await candidate.getByRole('button', { name: 'Save committee details' }).click();
  await expect(
    candidate.getByText('Enter the committee ID as C and 8 digits, like C00123456.'),
  ).toBeVisible();
  await candidate.getByLabel('FEC committee ID').fill('C00990318');
  await candidate.getByLabel('Treasurer’s last name').fill('Álvarez');
  await candidate.getByRole('button', { name: 'Save committee details' }).click();
  await expect(candidate.getByRole('status')).toHaveText('Your committee details are saved.');
  await axeClean(candidate);

  await candidate.goto('/campaign-dashboard/reports');
  await expect(candidate.getByTestId('reports')).toBeVisible();
  await axeClean(candidate);
  const hers = await download(candidate, /^October quarterly \d{4} \.fec file$/);
  expect(hers.name).toMatch(/^C00990318-\d{4}-Q3\.fec$/);
  const records = hers.text
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\u001c'));
  expect(records[0]!.slice(0, 3)).toEqual(['HDR', 'FEC', '8.5']);
  expect(records[1]!.slice(0, 3)).toEqual(['F3N', 'C00990318', 'Marisol Grant for Congress']);
  expect(records[1]![17]).toBe('Alvarez');

  await candidate.goto('/campaign-dashboard/treasurers');
  await candidate.getByLabel('Member’s email').fill(demo('member'));
  await candidate.getByRole('button', { name: 'Name treasurer' }).click();
  await expect(candidate.getByRole('status')).toHaveText('Your treasurer is named and emailed.');
  await axeClean(candidate);

  const treasurer = await open();
  await signIn(treasurer, demo('member'), '/treasury');
  await treasurer.getByRole('link', { name: 'Marisol Grant' }).click();
  const money = treasurer.url();
  await treasurer.getByRole('link', { name: 'FEC reports and .fec files' }).click();
  await axeClean(treasurer);
  const theirs = await download(treasurer, /^October quarterly \d{4} \.fec file$/);
  expect(theirs.text).toBe(hers.text);
  expect((await treasurer.goto('/campaign-dashboard/committee'))?.status()).toBe(404);

  const other = await open();
  await signIn(other, demo('vendor'), '/treasury');
  await expect(other.getByText('No candidate has named you treasurer.')).toBeVisible();
  expect((await other.goto(money))?.status()).toBe(404);
  expect((await other.goto(`${money}/reports`))?.status()).toBe(404);

  // Leave the shared demo data as it was: the candidate revokes her treasurer.
  await candidate.goto('/campaign-dashboard/treasurers');
  await candidate.getByRole('button', { name: 'Revoke' }).click();
  await expect(candidate.getByRole('status')).toHaveText('The treasurer no longer sees your campaign.');
  expect((await treasurer.goto(money))?.status()).toBe(404);
});

test('at 375 px the filing pages fit the screen: committee details, reports, treasurers and the calendar', async ({
  browser,
  baseURL,
}) => {
  const page = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } })).newPage();
  await signIn(page, demo('candidate'), '/campaign-dashboard');
  for (const path of [
    '/campaign-dashboard',
    '/campaign-dashboard/committee',
    '/campaign-dashboard/reports',
    '/campaign-dashboard/treasurers',
  ]) {
    await page.goto(path);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  }
});
