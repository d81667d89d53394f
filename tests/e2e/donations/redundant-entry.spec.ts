import { expect, test } from '@playwright/test';
import { demo, hydrated, signIn } from '../auth-helpers';
import { attest, openDetails } from './donation-form';

/**
 * WCAG 2.2 SC 3.3.7 Redundant Entry on /donate/{candidateSlug}
 * (docs/decisions/0077-refunds-the-candidate-sees.md): the signed-in demo member gives once, and the
 * next time the form already holds their name, email, address, ZIP, employer and occupation.
 */
const PAGE = '/donate/marisol-grant';
const details = {
  street: '77 Redundant Way',
  city: 'Dayton',
  zip: '45402',
  employer: 'Dayton Public Library',
  occupation: 'Librarian',
};

test('a member who has given before finds the form filled with their details', async ({ page }) => {
  await signIn(page, demo('member'), PAGE);
  await hydrated(page, 'DonationForm');
  await page.getByRole('radio', { name: '$250', exact: true }).check();
  await page.getByRole('radio', { name: 'One time' }).check();
  // Another test may have given as the demo member first: then the details on file are folded.
  await openDetails(page);
  await page.getByLabel('Street address').fill(details.street);
  await page.getByLabel('City').fill(details.city);
  await page.getByLabel('State').selectOption({ label: 'Ohio' });
  await page.getByLabel('ZIP code').fill(details.zip);
  await page.getByLabel('Employer').fill(details.employer);
  await page.getByLabel('Occupation').fill(details.occupation);
  await attest(page);
  await page.getByRole('button', { name: 'Give $250 once' }).click();
  await page.waitForURL(/\/pay\/payable\/tgco_[\w-]+$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$250\.00/ }).click();
  await page.waitForURL(/\/donate\/marisol-grant\/thank-you\?ref=DON-/);

  await page.goto(PAGE);
  await hydrated(page, 'DonationForm');
  await expect(page.getByLabel('First name')).not.toHaveValue('');
  await expect(page.getByLabel('Last name')).not.toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(demo('member'));
  await expect(page.getByLabel('Street address')).toHaveValue(details.street);
  await expect(page.getByLabel('City')).toHaveValue(details.city);
  await expect(page.getByLabel('State')).toHaveValue('OH');
  await expect(page.getByLabel('ZIP code')).toHaveValue(details.zip);
  await expect(page.getByLabel('Employer')).toHaveValue(details.employer);
  await expect(page.getByLabel('Occupation')).toHaveValue(details.occupation);
});
