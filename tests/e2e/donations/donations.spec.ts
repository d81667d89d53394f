import { expect, type Page, test } from '@playwright/test';
import postgres from 'postgres';
import { demo, hydrated, signIn } from '../auth-helpers';
import { expectFocusNeverCovered } from '../focus-not-obscured';
import { expectContentControlsBigEnough } from '../target-size';
import { wcagAxe } from '../wcag-axe';
import { attest, fillColumbusAddress, openDetails } from './donation-form';

/**
 * Giving on /donate/marisol-grant (docs/decisions/0021-campaign-donations.md). The demo seed gives the demo candidate
 * election dates; on PostgreSQL (E2E_DATABASE_URL) the spec also makes sure of it through the
 * database, as the spec's own setup.
 */
const PAGE = '/donate/marisol-grant';
const run = Date.now().toString(36);

test.beforeAll(async () => {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`INSERT INTO candidate_elections (candidate_id, primary_on, general_on)
      SELECT id, current_date + 90, current_date + 250 FROM users WHERE handle = 'marisol-grant'
      ON CONFLICT (candidate_id) DO NOTHING`;
  } finally {
    await sql.end();
  }
});

async function openForm(page: Page) {
  await page.goto(PAGE);
  await hydrated(page, 'DonationForm');
}

async function fillDonor(page: Page, email: string | null, name = { first: 'Pat', last: `Guest ${run}` }) {
  await openDetails(page);
  await page.getByLabel('First name').fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  if (email !== null) await page.getByLabel('Email').fill(email);
  await fillColumbusAddress(page);
  await attest(page);
}

async function payOnTestGateway(page: Page, button: RegExp) {
  await page.waitForURL(/\/pay\/payable\/tgco_[\w-]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/donate\/marisol-grant\/thank-you\?ref=DON-/);
}

test('a guest gives $50 once and pays on the test gateway', async ({ page }) => {
  await openForm(page);
  await expect(page.getByRole('heading', { name: 'Donate to Marisol Grant' })).toBeVisible();
  await page.getByRole('radio', { name: '$50', exact: true }).check();
  await page.getByRole('radio', { name: 'One time' }).check();
  await fillDonor(page, `guest-${run}@example.test`);
  await expect(page.getByLabel('Employer')).toHaveCount(0);
  await page.getByRole('button', { name: 'Give $50 once' }).click();
  await payOnTestGateway(page, /^Pay \$50\.00/);
  await expect(page.getByTestId('gift-thanks')).toContainText('gift of $50.00 to Marisol Grant');
});

test('a member giving $250 is asked for employer and occupation', async ({ page }) => {
  await signIn(page, demo('member'), PAGE);
  await hydrated(page, 'DonationForm');
  await expect(page.getByTestId('headroom')).toContainText('You can give up to');
  await expect(page.getByLabel('Email')).toHaveValue(demo('member'));
  await page.getByRole('radio', { name: '$250', exact: true }).check();
  await page.getByRole('radio', { name: 'One time' }).check();
  await fillDonor(page, null, { first: 'Jordan', last: 'Member' });
  await expect(page.getByLabel('Employer')).toBeVisible();
  // Emptied: an earlier signed-in gift of the member (redundant-entry.spec.ts) prefills them.
  await page.getByLabel('Employer').fill('');
  await page.getByLabel('Occupation').fill('');
  await page.getByRole('button', { name: 'Give $250 once' }).click();
  await expect(page.locator('#donate-employer-error')).toBeVisible();
  await expect(page.getByLabel('Employer')).toBeFocused();
  await page.getByLabel('Employer').fill('Columbus Public Schools');
  await page.getByLabel('Occupation').fill('Teacher');
  await page.getByRole('button', { name: 'Give $250 once' }).click();
  await payOnTestGateway(page, /^Pay \$250\.00/);
  await expect(page.getByTestId('gift-thanks')).toContainText('$250.00');
});

test('a gift over the limit is refused with what is left', async ({ page }) => {
  const email = `limit-${run}@example.test`;
  const name = { first: 'Lee', last: `Limit ${run}` };
  await openForm(page);
  await page.getByLabel('Other amount in dollars').fill('3450');
  await page.getByRole('radio', { name: 'One time' }).check();
  await fillDonor(page, email, name);
  await page.getByLabel('Employer').fill('Self-employed');
  await page.getByLabel('Occupation').fill('Consultant');
  await page.getByRole('button', { name: 'Give $3,450 once' }).click();
  await payOnTestGateway(page, /^Pay \$3,450\.00/);

  await openForm(page);
  await page.getByRole('radio', { name: '$100', exact: true }).check();
  await page.getByRole('radio', { name: 'One time' }).check();
  await fillDonor(page, email, name);
  await page.getByRole('button', { name: 'Give $100 once' }).click();
  await expect(page.locator('#donate-amountCents-error')).toHaveText(
    'This gift would pass the $3,500 limit for the primary election. You can give up to $50.00 more.',
  );
  // Said once, beside the amount (not again above the form), and read out where focus lands.
  await expect(page.getByText('This gift would pass the $3,500 limit')).toHaveCount(1);
  const firstAmount = page.getByRole('radio', { name: '$25', exact: true });
  await expect(firstAmount).toBeFocused();
  await expect(firstAmount).toHaveAccessibleDescription(/would pass the \$3,500 limit/);
});

test('a monthly gift is cancelled from its receipt link', async ({ page }) => {
  const email = `monthly-${run}@example.test`;
  await openForm(page);
  await page.getByRole('radio', { name: '$25', exact: true }).check();
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await fillDonor(page, email, { first: 'Morgan', last: `Monthly ${run}` });
  await page.getByRole('button', { name: 'Give $25 monthly' }).click();
  await payOnTestGateway(page, /^Subscribe \$25\.00/);
  await expect(page.getByTestId('gift-thanks')).toContainText('monthly gift of $25.00');

  const html = await (await page.request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
  const link = /\/donate\/recurring\/REC-[A-Z0-9]+\/cancel\?token=[A-Za-z0-9_-]+/.exec(html)?.[0];
  expect(link, 'a cancel link in the receipt').toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Cancel your monthly gift' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel my monthly gift' }).click();
  await expect(page.getByTestId('cancelled')).toHaveText('Your monthly gift to Marisol Grant is cancelled.');
});

test('the donation form has no WCAG 2.2 A/AA violations, with its errors shown, and no hidden focus or small targets', async ({
  page,
}) => {
  const violations = async () =>
    (await wcagAxe(page).analyze()).violations.map((v) => ({
      rule: v.id,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  await openForm(page);
  expect(await violations()).toEqual([]);
  await expectContentControlsBigEnough(page, PAGE);
  await expectFocusNeverCovered(page, page.locator('[data-island="DonationForm"] form'), 'giving form');
  await page.getByRole('button', { name: 'Give' }).click();
  await expect(page.locator('#donate-amountCents-error')).toBeVisible();
  await expect(page.getByRole('radio', { name: '$25', exact: true })).toBeFocused();
  expect(await violations()).toEqual([]);
});

test("the candidate sees a guest's and a member's gifts on the dashboard and in the compliance CSV", async ({
  browser,
}) => {
  const give = async (signInAs: string | null, name: { first: string; last: string }, amount: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (signInAs) {
      await signIn(page, signInAs, PAGE);
      await hydrated(page, 'DonationForm');
    } else await openForm(page);
    await page.getByLabel('Other amount in dollars').fill(amount);
    await page.getByRole('radio', { name: 'One time' }).check();
    await fillDonor(page, signInAs ? null : `dash-${run}@example.test`, name);
    await page.getByRole('button', { name: `Give $${amount} once` }).click();
    await payOnTestGateway(page, new RegExp(`^Pay \\$${amount}\\.00`));
    const reference = new URL(page.url()).searchParams.get('ref')!;
    await context.close();
    return reference;
  };
  const guest = { first: 'Gale', last: `Dashboard ${run}` };
  const member = { first: 'Dana', last: `Whitfield ${run}` };
  const references = [await give(null, guest, '40'), await give(demo('vendor'), member, '30')];

  const page = await browser.newPage();
  await signIn(page, demo('candidate'), '/campaign-dashboard');
  const recent = page.getByTestId('recent-gifts');
  await expect(recent.getByRole('row').filter({ hasText: `Gale Dashboard ${run}` })).toContainText('$40.00');
  await expect(recent.getByRole('row').filter({ hasText: `Dana Whitfield ${run}` })).toContainText('$30.00');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download compliance CSV' }).click();
  const csv = await (await (await downloading).createReadStream())
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  for (const reference of references) expect(csv).toContain(reference);
});
