import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { demo, signIn } from '../auth-helpers';

/**
 * Profiles and settings in a real browser: canonical redirect, visibility for a visitor versus
 * a member, follow, profile picture upload, and settings that persist. Accounts are chosen so
 * that other specs running alongside never see the changes (sales and analytics staff; only the
 * party visibility of the demo member, which no other spec reads).
 */

async function hydrated(page: Page, island: string) {
  await expect(page.locator(`[data-island="${island}"]`).first()).toHaveAttribute('data-hydrated', 'true');
}

async function jordanProfile(page: Page) {
  await page.goto('/search?q=jordan+rivera');
  const href = await page.locator('.person-card a').first().getAttribute('href');
  expect(href).toMatch(/^\/profile\/jordan-rivera\/\d+$/);
  return href!;
}

test('a profile under any other name answers 301 with its canonical URL', async ({ page, request }) => {
  const canonical = await jordanProfile(page);
  const id = canonical.split('/').pop();
  const response = await request.get(`/profile/not-the-name/${id}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(canonical);
  await page.goto(`/profile/not-the-name/${id}`);
  await expect(page).toHaveURL(canonical);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
});

test('visibility: a members-only detail is hidden from visitors and shown to members', async ({
  page,
  browser,
}) => {
  await signIn(page, demo('member'), '/settings');
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByLabel('Party', { exact: true }).selectOption('members');
  await page.getByRole('button', { name: 'Save privacy choices' }).click();
  await expect(page.locator('.notice--success')).toHaveText('Your privacy choices are saved.');
  await page.reload();
  await expect(page.getByLabel('Party', { exact: true })).toHaveValue('members');
  const profile = await jordanProfile(page);

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(profile);
  await expect(visitorPage.locator('[data-attribute="state"]')).toContainText('Pennsylvania');
  await expect(visitorPage.locator('[data-attribute="party"]')).toHaveCount(0);
  await expect(visitorPage.getByText('Independent')).toHaveCount(0);
  await visitor.close();

  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await signIn(memberPage, demo('analytics'), profile);
  await expect(memberPage.locator('[data-attribute="party"]')).toContainText('Independent');
  await other.close();
});

test('follow and unfollow from a profile, remembered across reloads', async ({ page }) => {
  const profile = await jordanProfile(page);
  await signIn(page, demo('sales'), profile);
  await hydrated(page, 'FollowButton');
  const button = page.getByRole('button', { name: /^Follow(ing)? Jordan Rivera$/ });
  await expect(button).toHaveText(/^Follow/);
  const before = Number((await page.locator('.follow-form__count').textContent())?.match(/\d+/)?.[0]);
  await button.click();
  await expect(button).toContainText('Following');
  await expect(page.locator('.follow-form__count')).toContainText(`${before + 1}`);
  await page.reload();
  await hydrated(page, 'FollowButton');
  await expect(button).toContainText('Following');
  await button.click();
  await expect(button).not.toContainText('Following');
});

test('settings: names and notification choices persist; an email change waits for its link', async ({
  page,
}) => {
  await signIn(page, demo('sales'), '/settings');
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByLabel('First name').fill('Derrick');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.locator('.notice--success')).toHaveText('Your name is saved.');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Derrick');

  const newFollower = page.getByRole('checkbox', { name: 'New follower' });
  await expect(newFollower).toBeChecked();
  await newFollower.uncheck();
  await page.getByRole('button', { name: 'Save notification choices' }).click();
  await expect(page.locator('.notice--success')).toHaveText('Your notification choices are saved.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'New follower' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'New message' })).toBeChecked();

  await page.getByLabel('New email').fill('derrick@example.org');
  await page.locator('#settings-email-password').fill('not-my-password');
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText('That is not your current password.')).toBeVisible();
  await page.getByLabel('New email').fill('derrick@example.org');
  await page.locator('#settings-email-password').fill('democracy-2026');
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.locator('.notice--success')).toContainText('Check your new inbox');
  await expect(page.getByTestId('current-email')).toHaveText(demo('sales'));
  await expect(page.getByText('A change to derrick@example.org is waiting')).toBeVisible();

  await page.getByLabel('First name').fill('Derek');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.locator('.notice--success')).toHaveText('Your name is saved.');
});

test('a profile picture is resized, shown and kept in browser storage', async ({ page }) => {
  await signIn(page, demo('sales'), '/myprofile');
  await expect(page).toHaveURL(/\/myprofile$/);
  await hydrated(page, 'ProfileImageUpload');
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1d4e89' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Your new profile picture is saved.')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('profileImage'));
  expect(stored).toMatch(/^\/media\/uploads\/profile-images\/\d+-[0-9a-f]+\.webp$/);
  const preview = page.getByRole('img', { name: 'Your current avatar' });
  await expect(preview).toHaveAttribute('src', stored!);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await page.getByLabel('Profile picture').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not an image'),
  });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByRole('alert')).toContainText('Please choose a JPEG, PNG, WebP, GIF or AVIF image.');
});
