import { type Browser, expect, type Page } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';

/** Shared by the job board specs: a demo account's own browser, and posting a job as the demo organization. */
export async function signedInPage(browser: Browser, local: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demo(local), path);
  return page;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Posts a job through /jobs/new as the demo organization (Organizer: 5 open postings, 3 seeded
 * open, so the suite has room for two) and leaves the page on the new posting.
 */
export async function postJob(page: Page, title: string) {
  await page.goto('/jobs/new');
  await page.getByLabel('Job title').fill(title);
  await expect(page.getByLabel('Hiring organization')).toHaveValue('Citizens for Clean Water');
  await page.getByLabel('State').selectOption({ label: 'Nevada' });
  await page.getByLabel('Remote work possible').check();
  await page.getByLabel('Job type').selectOption({ label: 'Field Director' });
  await page.getByLabel('Employment').selectOption({ label: 'Full-time' });
  await page.getByLabel('Canvassing').check();
  await page.getByLabel('From', { exact: true }).fill('62000');
  await page.getByLabel('To', { exact: true }).fill('70000');
  await page
    .getByLabel('Description')
    .fill('Build and lead the field program across Nevada: hire organizers, set goals, report nightly.');
  await page.getByLabel('Closing date').fill(inDays(21));
  await page.getByRole('button', { name: 'Post the job' }).click();
  await expect(page.getByRole('status')).toHaveText('Your job is posted.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}

/** The demo member applies to the posting `title` from its page (reached by the board's keywords). */
export async function applyAsMember(page: Page, title: string) {
  await page.goto(`/jobs?${new URLSearchParams({ q: title })}`);
  await page.getByRole('link', { name: title }).click();
  await page
    .getByLabel('Cover note')
    .fill('I ran the field program for a Reno city council race and would love to build yours.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your application was sent. Follow it on My applications.',
  );
}
