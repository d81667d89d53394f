import type { Page } from '@playwright/test';

/** The four statements the FEC asks every donor to make (docs/decisions/0021-campaign-donations.md). */
export const ATTESTATIONS = [
  'I am a US citizen or lawful permanent resident.',
  'This contribution is made from my own funds.',
  'I am not a federal contractor.',
  'I am at least 18 years old.',
] as const;

/** Ticks every attestation on the donation form. */
export async function attest(page: Page) {
  for (const text of ATTESTATIONS) await page.getByLabel(text).check();
}

/** A Columbus, Ohio address in the donation form's address fields. */
export async function fillColumbusAddress(page: Page) {
  await page.getByLabel('Street address').fill('1 Main St');
  await page.getByLabel('City').fill('Columbus');
  await page.getByLabel('State').selectOption({ label: 'Ohio' });
  await page.getByLabel('ZIP code').fill('43215');
}
