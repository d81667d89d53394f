import { expect, type Page, test } from '@playwright/test';
import { demo, hydrated } from '../auth-helpers';
import { withDatabase } from '../e2e-database';

/**
 * Membership end to end (docs/decisions/0024-membership.md): the demo candidate subscribes to Campaign on the test
 * gateway, returns to /serviceordersuccess, has the verified badge and the dashboard's analytics,
 * cancels and keeps them; then "the test clock moves" — her period's end is written into the past
 * in the server's database — and the analytics are gone. That needs the database, so this is a
 * *.postgres.spec.ts file (it runs when DATABASE_URL is set). The demo candidate is shared with
 * other specs: afterAll ends every subscription this spec started, leaving her on Free as found.
 */
const CANDIDATE = demo('candidate');
let before: number[] = [];

const subscriptionIds = () =>
  withDatabase(async (sql) => {
    const rows = await sql<{ id: number }[]>`
      SELECT s.id FROM membership_subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ${CANDIDATE}`;
    return rows.map((r) => r.id);
  });

test.beforeAll(async () => {
  before = await subscriptionIds();
});

test.afterAll(async () => {
  await withDatabase(async (sql) => {
    await sql`
      UPDATE membership_subscriptions s SET status = 'ended', ended_at = now(), current_period_end = now()
      FROM users u WHERE u.id = s.user_id AND u.email = ${CANDIDATE}
        AND NOT (s.id = ANY(${before}::int[]))`;
  });
});

async function expectAnalytics(page: Page, shown: boolean) {
  await page.goto('/campaign-dashboard');
  await expect(page.getByRole('heading', { name: 'Campaign dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('total-raised')).toBeVisible();
  await expect(page.getByTestId('dashboard-analytics')).toHaveCount(shown ? 1 : 0);
  await expect(page.getByRole('heading', { name: 'Top donors' })).toHaveCount(shown ? 1 : 0);
  await expect(
    page.getByRole('link', { name: 'Upgrade to Campaign for charts and donor insights' }),
  ).toHaveCount(shown ? 0 : 1);
}

test('the demo candidate subscribes to Campaign, cancels, keeps it to the period end, then loses the analytics', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/membership');
  await page
    .getByTestId('tier-campaign')
    .getByRole('link', { name: /Sign in to subscribe/ })
    .click();
  await page.waitForURL(/\/signin/);
  await hydrated(page, 'SignInForm');
  await page.getByLabel('Email').fill(CANDIDATE);
  await page.getByLabel('Password').fill('democracy-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/membership\?tier=campaign$/);
  await hydrated(page, 'MembershipSubscribe');
  await expect(page.getByTestId('subscribe-campaign')).toBeFocused();
  await expectAnalytics(page, false);

  await page.goto('/membership');
  await hydrated(page, 'MembershipSubscribe');
  await page.getByRole('button', { name: 'Subscribe to Campaign', exact: true }).click();
  await page.waitForURL(/\/pay\/payable\/tgco_[\w-]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Subscribe \$29/ }).click();
  await page.waitForURL(/\/serviceordersuccess\?ref=SUB-/);
  if (await page.getByRole('heading', { name: 'Waiting for your payment' }).isVisible()) {
    await page.getByRole('link', { name: 'Reload this page' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Welcome to Campaign' })).toBeVisible();
  await expect(page.getByTestId('tier-unlocks')).toContainText('A verified badge');

  await page.goto('/search?q=Marisol');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Marisol Grant' }) });
  await expect(card.getByText('Verified')).toBeVisible();
  await card.getByRole('link', { name: 'Marisol Grant' }).click();
  await expect(page.getByRole('heading', { name: 'Marisol Grant', level: 1 })).toBeVisible();
  await expect(page.getByTestId('verified-badge')).toHaveText(/Verified/);
  await expectAnalytics(page, true);

  await page.goto('/membership');
  await hydrated(page, 'MembershipManage');
  await expect(page.getByTestId('my-tier')).toHaveText('Campaign');
  await page.getByRole('button', { name: 'Cancel Campaign at the end of the period' }).click();
  await expect(page.getByTestId('my-status')).toContainText('Cancelled. You keep Campaign until');
  await expect(page.getByRole('button', { name: 'Resume Campaign' })).toBeVisible();
  await expectAnalytics(page, true);

  // The test clock moves past the period's end: a cancelled subscription grants nothing after it.
  await withDatabase(
    (sql) => sql`
      UPDATE membership_subscriptions s SET current_period_end = now() - interval '1 minute'
      FROM users u WHERE u.id = s.user_id AND u.email = ${CANDIDATE} AND s.status = 'active'`,
  );
  await expectAnalytics(page, false);
  await page.goto('/membership');
  await expect(page.getByTestId('my-tier')).toHaveText('Free');
});
