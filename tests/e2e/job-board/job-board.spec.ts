import { expect, test } from '@playwright/test';
import { hydrated } from '../auth-helpers';
import { postJob, signedInPage } from './job-board-helpers';

/**
 * The Job Marketplace end to end (docs/decisions/0028-job-board.md): an organization posts a job, a member finds
 * it by filter and applies, the organization opens and shortlists the application, and the
 * member's "My applications" page shows each new status without a reload.
 */
test('an organization posts, a member finds it by filter and applies, the shortlist reaches the member live', async ({
  browser,
}) => {
  const title = `Nevada Field Director ${Date.now().toString(36)}`;
  const org = await signedInPage(browser, 'organization', '/jobs');
  await postJob(org, title);

  // The member filters the board: the URL carries the whole search.
  const member = await signedInPage(browser, 'member', '/jobs');
  await member.getByLabel('State').selectOption({ label: 'Nevada' });
  await member.getByLabel('Job type').selectOption({ label: 'Field Director' });
  await member.getByLabel('Remote only').check();
  await member.getByRole('button', { name: 'Search jobs' }).click();
  await expect(member).toHaveURL(/\/jobs\?.*state=NV.*jobtype=field_director.*remote=1/);
  await member.getByRole('link', { name: title }).click();
  await member
    .getByLabel('Cover note')
    .fill('I ran the field program for a Reno city council race and would love to build yours.');
  await member.getByRole('button', { name: 'Send application' }).click();
  await expect(member.getByRole('status')).toHaveText(
    'Your application was sent. Follow it on My applications.',
  );

  await member.goto('/jobs/applications');
  await hydrated(member, 'JobApplications');
  await expect(member.locator('html')).toHaveAttribute('data-realtime', 'ready');
  const row = member.getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('status')).toHaveText('Submitted');
  // A marker that a reload would wipe: the statuses below must arrive on this same page.
  await member.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // The organization opens the application (viewed) and shortlists it.
  await org.goto('/jobs/mine');
  await org
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('link', { name: /1 applicant/ })
    .click();
  await org.getByRole('link', { name: 'Jordan Rivera' }).click();
  await expect(org.getByTestId('application-status')).toHaveText('Viewed by the employer');
  await expect(row.getByRole('status')).toHaveText('Viewed by the employer');

  await org.getByRole('button', { name: 'Shortlist' }).click();
  await expect(org.getByTestId('application-status')).toHaveText('Shortlisted');
  await expect(row.getByRole('status')).toHaveText('Shortlisted');
  expect(await member.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('the board works without JavaScript: filters, pages and a posting with its JSON-LD', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job Marketplace');
  await page.getByLabel('Paid or volunteer').selectOption('volunteer');
  await page.getByRole('button', { name: 'Search jobs' }).click();
  await expect(page).toHaveURL(/pay=volunteer/);
  const first = page.locator('.job-card').first();
  await expect(first).toContainText('Volunteer');
  await first.getByRole('link').click();
  await expect(page.getByRole('link', { name: 'Sign in to apply' })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld['@type']).toBe('JobPosting');
  expect(ld.employmentType).toBe('VOLUNTEER');
  await context.close();
});
