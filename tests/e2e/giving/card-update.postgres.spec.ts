import { expect, type Page, test } from '@playwright/test';
import PgBoss from 'pg-boss';
import { hydrated } from '../auth-helpers';
import { attest, fillColumbusAddress, openDetails } from '../donations/donation-form';
import { withDatabase } from '../e2e-database';
import { wcagAxe } from '../wcag-axe';

/**
 * A failed renewal's card update end to end (docs/decisions/0094-refcodes-and-honest-monthly.md):
 * a guest gives monthly on the test gateway with the card that pays now and declines renewals;
 * then "the test clock moves" (the subscription's next charge is written into the past in the
 * server's database) and the renewals job is sent to the queue, as its schedule would. The decline
 * emails a link; from it the guest updates the card on the gateway's page, and when the retry is
 * due (the clock moved again) the job charges the new card. Needs the database, so this is a
 * *.postgres.spec.ts file.
 */
const PAGE = '/donate/marisol-grant';
const run = Date.now().toString(36);
const EMAIL = `card-update-${run}@example.test`;
const RENEWALS_QUEUE = 'test-gateway-renewals';

async function noAxeViolations(page: Page) {
  const found = (await wcagAxe(page).analyze()).violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(found).toEqual([]);
}

/** Sends the renewals job now, as its ten-minute schedule would (the server's worker runs it). */
async function runRenewalsJob() {
  const boss = new PgBoss({
    connectionString: process.env.E2E_DATABASE_URL,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  try {
    await boss.send(RENEWALS_QUEUE, {});
  } finally {
    await boss.stop({ graceful: false });
  }
}

/** The monthly gift's status and declined renewals in a row, from the server's database. */
const gift = () =>
  withDatabase(async (sql) => {
    const [row] = await sql<{ status: string; failed_renewals: number }[]>`
      SELECT status, failed_renewals FROM recurring_donations WHERE email = ${EMAIL}`;
    return row;
  });

/** The newest email to the guest with `subject`, as its text. */
async function mailWith(page: Page, subject: string) {
  const html = await (await page.request.get(`/dev/mailbox?to=${encodeURIComponent(EMAIL)}`)).text();
  return html.split('<article').find((article) => article.includes(subject)) ?? '';
}

test('a declined renewal emails a link; the guest updates the card there and the retry charges it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(PAGE);
  await hydrated(page, 'DonationForm');
  await page.getByRole('radio', { name: '$25', exact: true }).check();
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await openDetails(page);
  await page.getByLabel('First name').fill('Riley');
  await page.getByLabel('Last name').fill(`Renewal ${run}`);
  await page.getByLabel('Email').fill(EMAIL);
  await fillColumbusAddress(page);
  await attest(page);
  await page.getByRole('button', { name: 'Give $25 monthly' }).click();
  await page.waitForURL(/\/pay\/payable\/tgco_[\w-]+$/);
  // Pays now, declines every renewal.
  await page.getByLabel('Card number').fill('4000 0000 0000 0341');
  await page.getByRole('button', { name: /^Subscribe \$25\.00/ }).click();
  await page.waitForURL(/\/donate\/marisol-grant\/thank-you\?ref=DON-/);
  await expect.poll(async () => (await gift())?.status).toBe('active');

  // A month passes: the renewal is due, and the job declines it.
  await withDatabase(
    (sql) => sql`UPDATE test_gateway_subscriptions SET next_charge_at = now() - interval '1 minute'
      WHERE payable_reference = (SELECT reference FROM recurring_donations WHERE email = ${EMAIL})`,
  );
  await runRenewalsJob();
  await expect.poll(gift, { timeout: 30_000 }).toMatchObject({ status: 'failed', failed_renewals: 1 });
  const failure = await mailWith(page, 'did not go through');
  const link = /\/giving\/monthly\/REC-[A-Z0-9]+\?expires=\d+&(?:amp;)?token=[\w-]+/.exec(failure)?.[0];
  expect(link, 'the failure email links the gift').toBeDefined();

  // The email's link: the gift's page, for nobody signed in, with the card update first.
  await page.context().clearCookies();
  await page.goto(link!.replace('&amp;', '&'));
  await expect(page.getByTestId('card-update')).toContainText('The last charge was declined.');
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Update my card' }).click();
  await page.waitForURL(/\/pay\/payable\/tgco_[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Update your card' })).toBeVisible();
  await noAxeViolations(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Save the card for/ }).click();
  await page.waitForURL(/\/giving\/monthly\/REC-[A-Z0-9]+\?.*done=card/);
  await expect(page.getByTestId('monthly-notice')).toContainText('Your new card is saved.');
  await expect(page.getByTestId('monthly-status')).not.toHaveText('Active');

  // The retry falls due (a day after the decline): the job charges the new card.
  await withDatabase(
    (sql) => sql`UPDATE test_gateway_subscriptions SET retry_at = now() - interval '1 minute'
      WHERE payable_reference = (SELECT reference FROM recurring_donations WHERE email = ${EMAIL})`,
  );
  await runRenewalsJob();
  await expect.poll(gift, { timeout: 30_000 }).toMatchObject({ status: 'active', failed_renewals: 0 });
  await page.reload();
  await expect(page.getByTestId('monthly-status')).toHaveText('Active');
  const paid = await withDatabase(
    (sql) => sql`SELECT count(*)::int AS n FROM donations WHERE email = ${EMAIL} AND status = 'paid'`,
  );
  expect(paid[0]?.n).toBe(2);
});
