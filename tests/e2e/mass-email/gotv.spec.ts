import { expect, test } from '@playwright/test';
import { demo, signIn } from '../admin-helpers';
import { expectNoAxeViolations, expectNoSeriousAxeViolations } from './mass-email-helpers';

/**
 * GOTV mass email at /admin/GOTV (docs/decisions/0032-gotv-and-candidate-emails.md): MARKETING sees every send with its report
 * (the seed's Ohio GOTV email), chooses a small segment (vendors in Texas), sees its size and a
 * preview, sends, watches the progress reach "Sent", and the email is in the dev mailbox. A Free
 * candidate's outreach page explains the upgrade. A paid candidate emailing followers, which needs
 * rows written into the server's database, is tests/e2e/mass-email/gotv-candidate.postgres.spec.ts.
 */
test('marketing sends a GOTV email to a small segment and watches it go out', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, demo('marketing'));
  await staff.goto('/admin/GOTV');
  await expect(staff.getByRole('heading', { level: 1, name: 'Mass Emails' })).toBeVisible();
  const demoRow = staff.getByRole('row').filter({ hasText: 'GOTV: Members in OH' });
  await expect(demoRow).toContainText('Sent');
  await expect(demoRow).toContainText(/\d+ sent, 1 suppressed, 0 failed/);
  await expectNoSeriousAxeViolations(staff);

  await staff.getByRole('link', { name: 'New GOTV email' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New GOTV email' })).toBeVisible();
  await staff.getByRole('combobox', { name: 'States' }).click();
  await staff.getByRole('option', { name: 'Texas' }).click();
  await staff.keyboard.press('Escape');
  await staff.getByRole('checkbox', { name: 'Vendors' }).check();
  await staff.getByRole('button', { name: 'Count' }).click();
  const size = staff.getByTestId('segment-size');
  await expect(size).toContainText('GOTV: Vendors in TX: Send to');
  const people = Number((/Send to (\d+)/.exec((await size.textContent()) ?? '') ?? [])[1]);
  expect(people).toBeGreaterThan(0);

  const tag = Date.now().toString(36);
  await staff.getByLabel('Subject').fill(`Early voting is open ${tag}, {{firstName}}`);
  await staff
    .getByLabel('Message', { exact: true })
    .fill('Hi {{firstName}},\n\nFind your polling place today.');
  await staff.getByRole('button', { name: 'Preview' }).click();
  const preview = staff.getByLabel('Message as the first recipient reads it');
  await expect(preview).toContainText('Find your polling place today.');
  await expect(preview).toContainText('/unsubscribe?token=preview');
  await expectNoSeriousAxeViolations(staff);

  await staff.getByRole('button', { name: /^Send to \d+/ }).click();
  await staff
    .getByRole('dialog', { name: 'Send this email?' })
    .getByRole('button', { name: 'Confirm and send' })
    .click();
  await expect(staff).toHaveURL(/\/admin\/GOTV$/);
  const row = staff.getByRole('row').filter({ hasText: `Early voting is open ${tag}` });
  await expect(row).toContainText('Sent', { timeout: 60_000 });
  await expect(row).toContainText(`${people} sent, 0 suppressed, 0 failed`);
  await staff.context().close();

  // The demo vendor (Dana Whitfield, Texas) received it once, with the unsubscribe link.
  const inbox = await (await browser.newContext()).newPage();
  await inbox.goto(`/dev/mailbox?${new URLSearchParams({ to: demo('vendor') })}`);
  await expect(inbox.getByText(`Early voting is open ${tag}, Dana`)).toHaveCount(1);
  await expect(inbox.getByRole('link', { name: /\/unsubscribe\?token=/ }).first()).toBeVisible();
  await inbox.context().close();
});

test('a Free candidate sees their GOTV campaign and why they cannot email yet', async ({ page }) => {
  await signIn(page, demo('candidate'));
  await page.goto('/campaign-dashboard');
  await page.getByRole('link', { name: /emails to your followers and donors/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reach your people' })).toBeVisible();
  await expect(page.getByTestId('outreach-campaigns')).toContainText('Get out the vote in Columbus');
  await expect(page.getByTestId('outreach-upgrade')).toContainText('Free plan includes no emails');
  await expect(page.getByRole('link', { name: /Upgrade to a paid plan/ })).toHaveAttribute(
    'href',
    '/membership',
  );
  await expectNoAxeViolations(page);
});
