import { expect, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';

/**
 * /jobs/mine offers "Post a job" only to a member who may post, and tells anyone else why
 * (issue 42, item 10; docs/product/rulings.md "Jobs": organizations, candidates and vendors post).
 */
const WHY_NOT = 'Only organizations, candidates and vendors can post jobs.';

test('an individual member is told who may post, and offered no "Post a job"', async ({ page }) => {
  await signIn(page, demo('member'), '/jobs/mine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My job postings');
  await expect(page.getByRole('main').getByText(WHY_NOT)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a job' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Post a job' })).toHaveCount(0);
});

for (const local of ['organization', 'candidate', 'vendor']) {
  test(`the demo ${local} is offered "Post a job", and it opens the form`, async ({ page }) => {
    await signIn(page, demo(local), '/jobs/mine');
    await expect(page.getByRole('main').getByText(WHY_NOT)).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Post a job' }).click();
    await expect(page).toHaveURL(/\/jobs\/new$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post a job');
    await expect(page.getByLabel('Job title')).toBeVisible();
  });
}
