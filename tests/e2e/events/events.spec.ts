import { expect, type Page, test } from '@playwright/test';
import { demo, signIn } from '../auth-helpers';
import { fits, violations } from './page-checks';

/**
 * Events (issue 47, decision 0092) in a browser: a guest signs up without JavaScript and cancels by
 * the signed page; axe (WCAG 2.2 A/AA) finds nothing on the event pages; they fit 375 px. The demo
 * events are the seed's (api/seed/demo-events.ts).
 */
const PHONE = { width: 375, height: 812 };

async function openDemoCanvass(page: Page) {
  await page.goto('/events?zip=43215&radius=25&type=canvass');
  await page.getByRole('link', { name: 'Weekend canvass for Marisol Grant' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekend canvass for Marisol Grant');
}

test('a guest signs up without JavaScript, is waitlisted on the full shift, and cancels by the signed page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await openDemoCanvass(page);
  // The first shift is full: it offers the waitlist.
  const shifts = page.getByRole('group', { name: 'Shifts' }).getByRole('checkbox');
  await expect(shifts).toHaveCount(3);
  await expect(page.getByText('Full: join the waitlist')).toBeVisible();
  await shifts.nth(0).check();
  await shifts.nth(2).check();
  await page.getByLabel('Name').fill('Casey Guest');
  await page.getByLabel('Email').fill(`casey-${Date.now()}@guests.test`);
  await page.getByLabel('ZIP code').fill('43215');
  await expect(page.getByLabel(/Text me about this event/)).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/events\/signups\/\d+\.[A-Za-z0-9_-]+\?done=signed-up$/);
  await expect(page.getByRole('status')).toContainText('You are signed up');
  await expect(page.getByText('On the waitlist', { exact: true })).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await page
    .getByRole('button', { name: /^Cancel/ })
    .first()
    .click();
  await expect(page.getByRole('status')).toHaveText('Your shift is cancelled.');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await context.close();
});

test('the event pages have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await page.goto('/events');
  expect(await violations(page)).toEqual([]);
  await openDemoCanvass(page);
  expect(await violations(page)).toEqual([]);
  // A refused sign-up: fields marked invalid with their messages.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  expect(await violations(page)).toEqual([]);
});

test('a candidate’s profile lists the upcoming events, without WCAG 2.2 A/AA violations', async ({
  page,
}) => {
  await openDemoCanvass(page);
  await page.getByRole('link', { name: 'Marisol Grant' }).first().click();
  const section = page.getByRole('region', { name: 'Upcoming events' });
  await expect(section.getByRole('link', { name: 'Weekend canvass for Marisol Grant' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Health care town hall with Marisol Grant' })).toBeVisible();
  // Past events are not upcoming.
  await expect(section.getByText('Voter registration drive at the farmers market')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('the member and host pages have no WCAG 2.2 A/AA violations', async ({ page }) => {
  await signIn(page, demo('member'), '/events/mine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My events');
  await expect(page.getByRole('link', { name: 'Weekend canvass for Marisol Grant' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto('/events/hosting');
  expect(await violations(page)).toEqual([]);
});

test('a host creates an event from the form, and its pages have no WCAG 2.2 A/AA violations', async ({
  page,
}) => {
  await signIn(page, demo('organization'), '/events/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an event');
  expect(await violations(page)).toEqual([]);
  await page.getByLabel('Kind of event').selectOption('meeting');
  await page.getByLabel('Title').fill('Lead pipe briefing');
  await page.getByLabel('Description').fill('What the new pipe replacement plan means for your street.');
  await page.getByLabel('Address').fill('Flint City Hall, 1101 S Saginaw St, Flint, MI');
  await page.getByLabel('ZIP code').fill('48502');
  const next = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Shift 1 day').fill(next);
  await page.getByLabel('Starts').first().fill('18:00');
  await page.getByLabel('Ends').first().fill('19:00');
  await page.getByLabel('Places').first().fill('30');
  await page.getByRole('button', { name: 'Publish the event' }).click();
  await expect(page.getByRole('status')).toHaveText('Your event is published.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead pipe briefing');
  expect(await violations(page)).toEqual([]);
});

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the search, an event, its sign-up form and the signed page fit the screen without axe findings', async ({
    page,
  }) => {
    await page.goto('/events');
    await fits(page);
    expect(await violations(page)).toEqual([]);
    await openDemoCanvass(page);
    await fits(page);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('group', { name: 'Shifts' }).getByRole('checkbox').nth(1).check();
    await page.getByLabel('Name').fill('Riley Phone');
    await page.getByLabel('Email').fill(`riley-${Date.now()}@guests.test`);
    await page.getByLabel('ZIP code').fill('43215');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/events\/signups\//);
    await fits(page);
    expect(await violations(page)).toEqual([]);
  });

  test('the create form, the hosting page and My events fit the screen', async ({ page }) => {
    await signIn(page, demo('organization'), '/events/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an event');
    await fits(page);
    await page.goto('/events/hosting');
    await fits(page);
    await page.goto('/events/mine');
    await fits(page);
  });
});
