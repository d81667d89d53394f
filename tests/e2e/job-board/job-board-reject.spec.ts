import { expect, type Locator, test } from '@playwright/test';
import { applyAsMember, postJob, signedInPage } from './job-board-helpers';

/**
 * Rejecting an application (issue 42, item 8): Reject is the quiet move beside Shortlist, and it
 * asks on a page of its own before it tells the applicant; Cancel there changes nothing.
 */
const fill = (button: Locator) => button.evaluate((el) => getComputedStyle(el).backgroundColor);
const borderColor = (button: Locator) => button.evaluate((el) => getComputedStyle(el).borderTopColor);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

test('Reject is quieter than Shortlist and asks for confirmation; a cancelled one changes nothing', async ({
  browser,
}) => {
  const title = `Reno Canvass Lead ${Date.now().toString(36)}`;
  const org = await signedInPage(browser, 'organization', '/jobs');
  await org.setViewportSize({ width: 1440, height: 900 });
  await postJob(org, title);
  const postingUrl = org.url();
  const member = await signedInPage(browser, 'member', '/jobs');
  await applyAsMember(member, title);

  await org.goto(`${postingUrl.replace(/\?.*$/, '')}/applicants`);
  await org.getByRole('link', { name: 'Jordan Rivera' }).click();
  const applicationUrl = org.url();
  const status = org.getByTestId('application-status');
  await expect(status).toHaveText('Viewed by the employer');

  const shortlist = org.getByRole('button', { name: 'Shortlist' });
  const reject = org.getByRole('button', { name: 'Reject', exact: true });
  expect(await fill(shortlist)).not.toBe(TRANSPARENT);
  expect(await fill(reject)).toBe(TRANSPARENT);
  expect(await borderColor(reject)).toBe(TRANSPARENT);

  // Reject asks first; Cancel goes back and the application is as it was.
  await reject.click();
  await expect(org.getByRole('heading', { level: 1 })).toHaveText(
    'Reject the application from Jordan Rivera?',
  );
  await org.getByRole('link', { name: 'Cancel' }).click();
  await expect(org).toHaveURL(applicationUrl);
  await expect(status).toHaveText('Viewed by the employer');
  await member.goto('/jobs/applications');
  await expect(member.getByRole('row').filter({ hasText: title })).toContainText('Viewed by the employer');

  // Confirmed, it is rejected, by keyboard as well as by mouse.
  await reject.focus();
  await org.keyboard.press('Enter');
  await org.getByRole('button', { name: 'Reject the application' }).click();
  await expect(org.getByRole('status')).toHaveText('The applicant has been told.');
  await expect(status).toHaveText('Not selected');
  await expect(org.getByRole('button', { name: 'Reject', exact: true })).toHaveCount(0);
});
