import { expect, type Page, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';
import { attest, fillColumbusAddress, openDetails } from '../donations/donation-form';
import { wcagAxe } from '../wcag-axe';

/**
 * Giving that donors come back to (docs/decisions/0094-refcodes-and-honest-monthly.md): a guest
 * gives once from an email link with a refcode, accepts the honest monthly ask, changes its amount
 * from the receipt's link; the member whose email it was sees both on /giving and cancels; axe
 * finds nothing on any of these pages; and for a signed-in returning donor the form fits two
 * screens at 375 px.
 */
const CANDIDATE = '/donate/marisol-grant';
const MEMBER = demo('member');
const run = Date.now().toString(36);

async function noAxeViolations(page: Page) {
  const found = (await wcagAxe(page).analyze()).violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(found).toEqual([]);
}

async function pay(page: Page, button: RegExp) {
  await page.waitForURL(/\/pay\/payable\/tgco_[\w-]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/donate\/marisol-grant\/thank-you\?ref=DON-/);
}

/**
 * Gives: when the email's earlier gifts (other specs give as this member) take the cycle past
 * $200, the server asks for employer and occupation first, and they are given.
 */
async function giveOnce(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  const employerAsked = page.locator('#donate-employer-error');
  await Promise.race([page.waitForURL(/\/pay\/payable\//), employerAsked.waitFor()]);
  if (await employerAsked.isVisible()) {
    await page.getByLabel('Employer').fill('Columbus Public Schools');
    await page.getByLabel('Occupation').fill('Teacher');
    await page.getByRole('button', { name: button }).click();
  }
}

/** The newest link to manage a monthly gift in the mailbox of `email`. */
async function manageLink(page: Page, email: string) {
  const html = await (await page.request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
  const link = /\/giving\/monthly\/REC-[A-Z0-9]+\?expires=\d+&(?:amp;)?token=[\w-]+/.exec(html)?.[0];
  expect(link, 'a manage link in the receipt').toBeDefined();
  return link!.replace('&amp;', '&');
}

test('a guest gives from an email link, goes monthly, changes it from the receipt; the member sees and cancels it', async ({
  browser,
}) => {
  // Two visitors over a dozen pages, axe on five: past the 45 s default on a busy machine.
  test.setTimeout(120_000);
  const guest = await (await browser.newContext()).newPage();
  // An email's link: its refcode rides along, its amount is chosen, its frequency is ignored.
  await guest.goto(`${CANDIDATE}?refcode=em-e2e${run}&amount=50&frequency=monthly`);
  await hydrated(guest, 'DonationForm');
  await expect(guest.getByRole('radio', { name: '$50', exact: true })).toBeChecked();
  await expect(guest.getByRole('radio', { name: 'Monthly' })).not.toBeChecked();
  await expect(guest.getByRole('radio', { name: 'One time' })).not.toBeChecked();
  await expect(guest.locator('input[type="hidden"][name="refcode"]')).toHaveValue(`em-e2e${run}`);
  await noAxeViolations(guest);

  // The one statement is still required.
  await guest.getByRole('radio', { name: 'One time' }).check();
  await guest.getByLabel('First name').fill('Morgan');
  await guest.getByLabel('Last name').fill(`Guest ${run}`);
  await guest.getByLabel('Email').fill(MEMBER);
  await fillColumbusAddress(guest);
  await guest.getByRole('button', { name: 'Give $50 once' }).click();
  await expect(guest.locator('#donate-acceptRules-error')).toHaveText(
    'Confirm the contribution rules to give.',
  );
  await attest(guest);
  await giveOnce(guest, 'Give $50 once');
  await pay(guest, /^Pay \$50\.00/);

  // The honest ask: smaller amounts, none chosen, in words.
  const ask = guest.getByTestId('monthly-ask');
  await expect(ask).toContainText('every month until you cancel');
  await expect(ask.getByRole('radio')).toHaveCount(3);
  for (const radio of await ask.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(guest.getByRole('link', { name: /Share on Facebook/ })).toBeVisible();
  await expect(guest.getByTestId('back-to-candidate')).toBeVisible();
  await noAxeViolations(guest);
  await ask.getByRole('radio', { name: '$15 a month' }).check();
  await ask.getByLabel(/By giving I confirm/).check();
  await ask.getByRole('button', { name: 'Give monthly' }).click();
  await pay(guest, /^Subscribe \$15\.00/);
  await expect(guest.getByTestId('gift-thanks')).toContainText('monthly');

  // From the receipt's link, without signing in: a new amount.
  await guest.goto(await manageLink(guest, MEMBER));
  await expect(guest.getByTestId('monthly-amount')).toHaveText('$15.00 every month until you cancel');
  await noAxeViolations(guest);
  await guest.getByLabel('New monthly amount in dollars').fill('20');
  await guest.getByRole('button', { name: 'Change the amount' }).click();
  await expect(guest.getByTestId('monthly-notice')).toContainText('Your new monthly amount is saved.');
  await expect(guest.getByTestId('monthly-amount')).toHaveText('$20.00 every month until you cancel');
  await expect(guest.getByRole('link', { name: 'All your giving' })).toHaveCount(0);

  // The member whose email it was sees both gifts and cancels the monthly one.
  const member = await (await browser.newContext()).newPage();
  await signIn(member, MEMBER, '/giving');
  await member.waitForURL(/\/giving$/);
  const gifts = member.getByTestId('giving-gifts');
  await expect(gifts.getByRole('row').filter({ hasText: '$50.00' }).first()).toBeVisible();
  await expect(gifts.getByRole('row').filter({ hasText: '$15.00 (monthly)' }).first()).toBeVisible();
  const monthlyRow = member
    .getByTestId('giving-monthly')
    .getByRole('row')
    .filter({ hasText: '$20.00 a month' });
  await expect(monthlyRow).toContainText('Active');
  await noAxeViolations(member);
  await monthlyRow.getByRole('link', { name: /Manage/ }).click();
  await member.getByRole('button', { name: 'Cancel my monthly gift' }).click();
  await expect(member.getByTestId('monthly-notice')).toContainText('Your monthly gift is cancelled.');
  await expect(member.getByTestId('monthly-status')).toHaveText('Cancelled');
});

test('for a signed-in donor who has given before, the form fits two screens at 375 px', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  await signIn(page, MEMBER, CANDIDATE);
  await hydrated(page, 'DonationForm');
  // Given once signed in, so the form knows the details (nothing to do when it already does).
  if ((await page.getByTestId('donor-summary').count()) === 0) {
    await page.getByRole('radio', { name: '$25', exact: true }).check();
    await page.getByRole('radio', { name: 'One time' }).check();
    await openDetails(page);
    await fillColumbusAddress(page);
    if (await page.getByLabel('Employer').isVisible()) {
      await page.getByLabel('Employer').fill('Columbus Public Schools');
      await page.getByLabel('Occupation').fill('Teacher');
    }
    await attest(page);
    await page.getByRole('button', { name: 'Give $25 once' }).click();
    await pay(page, /^Pay \$25\.00/);
    await page.goto(CANDIDATE);
    await hydrated(page, 'DonationForm');
  }
  await expect(page.getByTestId('donor-summary')).toBeVisible();
  const button = await page.getByRole('button', { name: /^Give/ }).boundingBox();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(375);
  expect(button, 'the Give button').not.toBeNull();
  // The whole form, Give button included, within two 667 px screens from the top of the page.
  expect(button!.y + button!.height).toBeLessThanOrEqual(2 * 667);
  test.info().annotations.push({
    type: 'form-bottom-px',
    description: String(Math.round(button!.y + button!.height)),
  });
  await noAxeViolations(page);
});
