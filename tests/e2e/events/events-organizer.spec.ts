import { type Browser, expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { fits, violations } from './page-checks';

/**
 * The organizer's tools (issue 51, decision 0101) end to end: an organizer creates an event, a guest
 * signs up, a friend signs up from the guest's invite link, the organizer checks the friend in on a
 * 375 px page without JavaScript and sees the referrer counted; axe (WCAG 2.2 A/AA) finds nothing.
 */
const PHONE = { width: 375, height: 812 };

async function createEvent(page: Page, title: string) {
  await page.goto('/events/new');
  await page.getByLabel('Kind of event').selectOption('phone_bank');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Call voters about early voting; scripts and training provided.');
  await page.getByLabel('Address').fill('Union Hall, 120 E Broad St, Columbus, OH');
  await page.getByLabel('ZIP code').fill('43215');
  const next = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Shift 1 day').fill(next);
  await page.getByLabel('Starts').first().fill('17:00');
  await page.getByLabel('Ends').first().fill('20:00');
  await page.getByLabel('Places').first().fill('12');
  await page.getByRole('button', { name: 'Publish the event' }).click();
  await expect(page.getByRole('status')).toHaveText('Your event is published.');
  return Number(/\/events\/(\d+)/.exec(page.url())?.[1]);
}

/** A guest without JavaScript signs up on `path`; returns the page of their sign-up. */
async function guestSignsUp(browser: Browser, path: string, name: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('ZIP code').fill('43215');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/events\/signups\//);
  return { context, page };
}

test('an organizer creates an event, a friend signs up from an invite link, and is checked in on a phone without JavaScript', async ({
  browser,
}) => {
  // Five sign-ins and page loads, then axe on four pages: more than the default budget on 2 cores.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const title = `Early vote phone bank ${stamp}`;
  const organizer = await browser.newContext({ viewport: PHONE });
  const organizerPage = await organizer.newPage();
  await signIn(organizerPage, demo('organization'), '/events/hosting');
  const eventId = await createEvent(organizerPage, title);

  // The referrer signs up and finds their invite link on their sign-up's page.
  const referrer = await guestSignsUp(
    browser,
    `/events/${eventId}`,
    'Pat Referrer',
    `pat-${stamp}@guests.test`,
  );
  await expect(referrer.page.getByRole('heading', { name: 'Invite a friend' })).toBeVisible();
  const inviteUrl = await referrer.page.getByLabel('Your invite link').inputValue();
  expect(inviteUrl).toMatch(new RegExp(`/events/${eventId}\\?invite=[A-Za-z0-9_-]{16}$`));
  expect(inviteUrl).not.toContain('pat');
  await referrer.context.close();

  // The friend opens the link and signs up.
  const friend = await guestSignsUp(
    browser,
    new URL(inviteUrl).pathname + new URL(inviteUrl).search,
    'Sam Friend',
    `sam-${stamp}@guests.test`,
  );
  await friend.context.close();

  // The organizer checks the friend in on a 375 px page without JavaScript (plain form posts).
  const phone = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: false,
    storageState: await organizer.storageState(),
  });
  const page = await phone.newPage();
  await page.goto(`/events/${eventId}/organize`);
  await page.getByRole('link', { name: /^Roster and check-in/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(`sam-${stamp}@guests.test`)).toBeVisible();
  await page.getByRole('button', { name: 'Attended for Sam Friend' }).click();
  await expect(page.getByRole('status')).toHaveText('Sam Friend: Attended.');
  await expect(page.getByRole('button', { name: 'Attended for Sam Friend' })).toBeDisabled();
  await page.getByRole('button', { name: 'No-show for Pat Referrer' }).click();
  await expect(page.getByRole('status')).toHaveText('Pat Referrer: No-show.');

  // The referrer is counted once on the organizer's page.
  await page.goto(`/events/${eventId}/organize`);
  const invites = page.getByRole('table', { name: 'People who invited friends' });
  await expect(invites.getByRole('row', { name: 'Pat Referrer 1' })).toBeVisible();
  const sources = page.getByRole('table', { name: 'Sign-ups by source' });
  await expect(sources.getByRole('row', { name: 'A friend’s invite link 1' })).toBeVisible();
  await phone.close();

  // The same pages with JavaScript, for axe, at 375 px: nothing found, nothing scrolls sideways.
  for (const path of [
    `/events/${eventId}/organize`,
    `/events/${eventId}/shifts/${await shiftIdOf(organizerPage, eventId)}`,
    `/events/${eventId}/shifts/${await shiftIdOf(organizerPage, eventId)}/email`,
    '/events',
  ]) {
    await organizerPage.goto(path);
    await fits(organizerPage);
    expect(await violations(organizerPage), path).toEqual([]);
  }
  await organizer.close();
});

/** The first shift's id, from the organizer page's roster link. */
async function shiftIdOf(page: Page, eventId: number) {
  await page.goto(`/events/${eventId}/organize`);
  const href = await page
    .getByRole('link', { name: /^Roster and check-in/ })
    .first()
    .getAttribute('href');
  return Number(/\/shifts\/(\d+)/.exec(href ?? '')?.[1]);
}

test('the map of events by state is a set of links with the table beside it', async ({ page }) => {
  await page.goto('/events');
  const map = page.getByRole('list', { name: 'Map of events by state' });
  await expect(map.getByRole('link')).toHaveCount(51);
  await expect(map.getByRole('link', { name: /^Ohio: \d+ events?$/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Events by state' }).getByRole('row', { name: /Ohio/ }),
  ).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
