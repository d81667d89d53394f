import { expect, type Page, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';
import { wcagAxe } from '../wcag-axe';

/** WCAG 2.2 A/AA with axe on every Job Marketplace page (docs/decisions/0028-job-board.md). */

async function violations(page: Page) {
  const results = await wcagAxe(page).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

test('the board and a posting have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await page.goto('/jobs?pay=paid');
  expect(await violations(page)).toEqual([]);
  await page.locator('.job-card a').first().click();
  expect(await violations(page)).toEqual([]);
});

test('the member pages have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await signIn(page, demo('member'), '/jobs/applications');
  await hydrated(page, 'JobApplications');
  expect(await violations(page)).toEqual([]);
  await page.goto('/jobs/saved');
  expect(await violations(page)).toEqual([]);
});

test('a posting as a member sees it, with the apply and report forms, has no WCAG 2.2 A/AA violations', async ({
  page,
}) => {
  await signIn(page, demo('member'), '/jobs?pay=paid&state=TX');
  await page.locator('.job-card a').first().click();
  await expect(page.getByRole('heading', { name: 'Apply' })).toBeVisible();
  await page.getByText('Report this job').click();
  expect(await violations(page)).toEqual([]);
});

test('the employer pages have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await signIn(page, demo('organization'), '/jobs/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post a job');
  expect(await violations(page)).toEqual([]);
  // The form refused: fields marked invalid with their messages.
  await page.getByLabel('Job title').fill('Organizer');
  await page.evaluate(() => document.querySelector('form.job-posting-form')?.setAttribute('novalidate', ''));
  await page.getByRole('button', { name: 'Post the job' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  expect(await violations(page)).toEqual([]);

  await page.goto('/jobs/mine');
  expect(await violations(page)).toEqual([]);
  // The organization's seeded "Field Organizer" has the demo member's application (api/seed/demo-jobs.ts).
  // Not the newest posting: other tests post and reject on their own postings at the same time.
  await page
    .locator('table tr')
    .filter({ hasText: 'Field Organizer' })
    .locator('a[href$="/applicants"]')
    .click();
  expect(await violations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Jordan Rivera' }).click();
  await expect(page.getByTestId('application-status')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // Reject's confirmation page; Cancel leaves the application as it was.
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Reject the application from Jordan Rivera?',
  );
  expect(await violations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByTestId('application-status')).toBeVisible();
});

test("an individual member's own postings page, which explains who may post, has no WCAG 2.2 A/AA violations", async ({
  page,
}) => {
  await signIn(page, demo('member'), '/jobs/mine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My job postings');
  expect(await violations(page)).toEqual([]);
});

test('the board on a phone, its filters folded and open, has no WCAG 2.2 A/AA violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/jobs?state=TX');
  expect(await violations(page)).toEqual([]);
  await page.locator('summary', { hasText: 'Filters' }).click();
  await expect(page.getByLabel('State')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
