import { expect, type Page, test } from '@playwright/test';
import postgres from 'postgres';

/**
 * The feedback form, with JavaScript (tRPC from the island) and without (the plain POST).
 *
 * The endpoint allows 5 submissions per IP per 10 minutes once a submission passes the schema;
 * this file makes exactly 2 such submissions per run (one per mode). Empty forms fail the
 * schema before the rate limiter, so they do not count.
 *
 * "Nothing stored" is checked in the database when the run uses PostgreSQL (E2E_DATABASE_URL is
 * set by playwright.config.ts); PGlite's files belong to the server process, so with PGlite the
 * check relies on the refused response alone.
 */
const FIELD_ERRORS = {
  name: 'Please tell us your name.',
  email: 'Please enter a valid email address.',
  message: 'Please write at least 10 characters.',
} as const;

const THANKS = 'Thank you for your feedback';

async function feedbackRows(): Promise<number | undefined> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return undefined;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM feedback`;
    return row?.n;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function expectStoredRows(expected: number | undefined) {
  if (expected === undefined) return;
  expect(await feedbackRows()).toBe(expected);
}

const plus = (n: number | undefined, k: number) => (n === undefined ? undefined : n + k);

async function expectFieldErrors(page: Page) {
  for (const [field, message] of Object.entries(FIELD_ERRORS)) {
    const input = page.locator(`form [name="${field}"]`);
    await expect(input, `${field} is marked invalid`).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAttribute('aria-describedby', `${field}-error`);
    const error = page.locator(`#${field}-error`);
    await expect(error).toBeVisible();
    await expect(error).toHaveText(message);
    // The message is the field's accessible description.
    await expect(input).toHaveAccessibleDescription(message);
  }
  // The topic has a valid default and is not flagged.
  await expect(page.locator('form [name="topic"]')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: THANKS })).toHaveCount(0);
}

async function fillValid(page: Page, who: string) {
  await page.getByLabel('Your name', { exact: true }).fill(`E2E ${who}`);
  await page.getByLabel('Email', { exact: true }).fill(`e2e-${who}@example.com`);
  await page.getByLabel('Topic', { exact: true }).selectOption('idea');
  await page.getByLabel('State (optional)', { exact: true }).selectOption('PA');
  await page
    .getByLabel('Your feedback', { exact: true })
    .fill(`Submitted by the ${who} end-to-end test. Keep up the good work!`);
}

const submitButton = (page: Page) => page.getByRole('button', { name: 'Send feedback' });

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/feedback');
    await expect(page.locator('[data-island="FeedbackForm"]')).toHaveAttribute('data-hydrated', 'true');
  });

  test('the empty form shows field errors and stores nothing', async ({ page }) => {
    const before = await feedbackRows();
    const answer = page.waitForResponse((r) => r.url().includes('/api/doors/trpc/feedback.submit'));
    await submitButton(page).click();
    expect((await answer).status()).toBe(400);

    await expectFieldErrors(page);
    // Keyboard users land on the first refused field; the page did not navigate.
    await expect(page.getByLabel('Your name', { exact: true })).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/feedback');
    expect(new URL(page.url()).search).toBe('');
    await expectStoredRows(before);
  });

  test('valid input shows the thank-you', async ({ page }) => {
    const before = await feedbackRows();
    await fillValid(page, 'island');
    const answer = page.waitForResponse((r) => r.url().includes('/api/doors/trpc/feedback.submit'));
    await submitButton(page).click();
    expect((await answer).status()).toBe(200);

    const thanks = page.getByRole('heading', { name: THANKS });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(page.locator('form[action="/feedback"]')).toHaveCount(0);
    await expectStoredRows(plus(before, 1));
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server renders the field errors and stores nothing', async ({ page }) => {
    const before = await feedbackRows();
    await page.goto('/feedback');
    await expect(page.locator('[data-island="FeedbackForm"]')).not.toHaveAttribute('data-hydrated', 'true');

    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/feedback'),
    );
    await submitButton(page).click();
    expect((await answer).status()).toBe(400);
    await page.waitForLoadState('domcontentloaded');

    await expectFieldErrors(page);
    await expectStoredRows(before);
  });

  test('a valid POST redirects to /feedback?sent=1 with the thank-you', async ({ page }) => {
    const before = await feedbackRows();
    await page.goto('/feedback');
    await fillValid(page, 'plain-post');

    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/feedback'),
    );
    await submitButton(page).click();
    const post = await answer;
    expect(post.status()).toBe(303);
    expect(post.headers().location).toMatch(/\/feedback\?sent=1$/);

    await page.waitForURL('**/feedback?sent=1');
    await expect(page.getByRole('heading', { name: THANKS })).toBeVisible();
    await expect(page.locator('form[action="/feedback"]')).toHaveCount(0);
    await expectStoredRows(plus(before, 1));
  });
});
