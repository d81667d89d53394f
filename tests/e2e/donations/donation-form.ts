import type { Page } from '@playwright/test';

/**
 * The contribution rules, one statement a donor accepts with one box beside the button
 * (docs/decisions/0094-refcodes-and-honest-monthly.md; before, four boxes, decision 0021).
 */
export const RULES_LABEL = /By giving I confirm: I am a US citizen or lawful permanent resident/;

/** Accepts the contribution rules on the donation form. */
export async function attest(page: Page) {
  await page.getByLabel(RULES_LABEL).check();
}

/**
 * A returning member's details are folded into one line: opens them to change them (a no-op when
 * the form shows the fields already).
 */
export async function openDetails(page: Page) {
  const change = page.getByText('Change my details');
  if (await change.isVisible()) await change.click();
}

/** A Columbus, Ohio address in the donation form's address fields. */
export async function fillColumbusAddress(page: Page) {
  await page.getByLabel('Street address').fill('1 Main St');
  await page.getByLabel('City').fill('Columbus');
  await page.getByLabel('State').selectOption({ label: 'Ohio' });
  await page.getByLabel('ZIP code').fill('43215');
}
