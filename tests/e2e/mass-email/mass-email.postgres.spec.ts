import { expect, test } from '@playwright/test';
import { signIn } from '../admin-helpers';
import { withDatabase } from '../e2e-database';
import { expectNoAxeViolations, expectNoSeriousAxeViolations } from './mass-email-helpers';

/**
 * Emailing a campaign's donors, end to end (docs/decisions/0022-mass-email.md): MARKETING composes, previews,
 * sees the count, sends and watches the send reach "Sent" with its report; a donor opens the
 * unsubscribe link from the dev mailbox and confirms. The campaign and its paid gifts are written
 * straight into the server's database, so this is a *.postgres.spec.ts file: it runs when
 * DATABASE_URL is set (as in CI), since PGlite's files belong to the server process.
 */
const tag = `${Date.now().toString(36)}`;
const DONORS = [`ava-${tag}@donors.example`, `ben-${tag}@donors.example`, `cal-${tag}@donors.example`];
const SUPPRESSED = `dot-${tag}@donors.example`;
const CAMPAIGN = `Grant for Congress ${tag}`;

/** A candidate, a campaign, a paid gift from each donor (one already unsubscribed): the campaign id. */
async function campaignWithPaidGifts(): Promise<number> {
  return withDatabase(async (sql) => {
    const [candidate] = await sql<{ id: number }[]>`
      INSERT INTO users (email, kind, first_name, last_name, is_candidate)
      VALUES (${`candidate-${tag}@example.test`}, 'individual', 'Marta', 'Grant', true) RETURNING id`;
    const [campaign] = await sql<{ id: number }[]>`
      INSERT INTO campaigns (candidate_id, type, name)
      VALUES (${candidate!.id}, 'CampaignDonation', ${CAMPAIGN}) RETURNING id`;
    for (const [i, email] of [...DONORS, SUPPRESSED].entries()) {
      const first = email.slice(0, 1).toUpperCase() + email.slice(1, 3);
      const [donor] = await sql<{ id: number }[]>`
        INSERT INTO donors (email_key, name_key, zip5) VALUES (${email}, ${`${first} donor`.toLowerCase()}, '53703')
        RETURNING id`;
      await sql`
        INSERT INTO donations (reference, candidate_id, donor_id, campaign_id, amount_cents, election, status,
          first_name, last_name, email, street, city, state, zip, attested_at, paid_at)
        VALUES (${`e2e-${tag}-${i}`}, ${candidate!.id}, ${donor!.id}, ${campaign!.id}, 2500, 'primary', 'paid',
          ${first}, 'Donor', ${email}, '9 Elm St', 'Madison', 'WI', '53703', now(), now())`;
    }
    await sql`INSERT INTO email_suppressions (email, reason, source) VALUES (${SUPPRESSED}, 'unsubscribed', 'e2e')`;
    return campaign!.id;
  });
}

test('marketing emails a campaign’s donors; a donor unsubscribes from the link', async ({ browser }) => {
  // Two browsers, a queued job and its 2-second polls: more than the default 45 s on a busy machine.
  test.setTimeout(120_000);
  const campaignId = await campaignWithPaidGifts();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'marketing@demo.campaignhq.test');
  await staff.goto(`/admin/donor-emails/create?campaignId=${campaignId}`);
  await expect(staff.getByRole('heading', { level: 1, name: "Email a campaign's donors" })).toBeVisible();
  await expect(staff.getByRole('combobox', { name: 'Campaign' })).toContainText(CAMPAIGN);
  await staff.getByLabel('Subject').fill('Thank you, {{firstName}}');
  await staff
    .getByLabel('Message', { exact: true })
    .fill('Hi {{firstName}},\n\nWe won the primary. Thank you!');
  await staff.getByRole('button', { name: 'Preview' }).click();

  await expect(staff.getByRole('alert').filter({ hasText: 'Send to' })).toHaveText(
    'Send to 3 donors; 1 suppressed',
  );
  const preview = staff.getByLabel('Message as the first recipient reads it');
  await expect(preview).toContainText('Hi Ava,');
  await expect(preview).toContainText(`You receive this email because you gave to ${CAMPAIGN}.`);
  await expect(preview).toContainText('/unsubscribe?token=preview');
  await expectNoSeriousAxeViolations(staff);

  await staff.getByRole('button', { name: 'Send to 3 donors' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Send this email?' });
  await expect(dialog).toContainText('Send to 3 donors; 1 suppressed.');
  await dialog.getByRole('button', { name: 'Confirm and send' }).click();

  await expect(staff).toHaveURL(/\/admin\/donor-emails$/);
  const row = staff.getByRole('row').filter({ hasText: `Donors to ${CAMPAIGN}` });
  await expect(row).toContainText('Sent', { timeout: 30_000 });
  await expect(row).toContainText('3 sent, 1 suppressed, 0 failed');
  await expectNoSeriousAxeViolations(staff);
  // The report survives a reload: it is read from the send's row.
  await staff.reload();
  await expect(staff.getByRole('row').filter({ hasText: `Donors to ${CAMPAIGN}` })).toContainText(
    '3 sent, 1 suppressed, 0 failed',
  );
  await staff.context().close();

  // A donor opens the link in the email (the dev mailbox shows what the app sent).
  const donor = await (await browser.newContext()).newPage();
  await donor.goto(`/dev/mailbox?${new URLSearchParams({ to: DONORS[1]! })}`);
  await expect(donor.getByText('Hi Ben,')).toBeVisible();
  await donor
    .getByRole('link', { name: /\/unsubscribe\?token=/ })
    .first()
    .click();
  await expect(donor.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from campaign emails');
  await expect(donor.getByText(`Stop emails to ${DONORS[1]}?`)).toBeVisible();
  await expectNoAxeViolations(donor);
  await donor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(donor.getByRole('heading', { level: 1 })).toHaveText("You're unsubscribed.");
  await expectNoAxeViolations(donor);
  await donor.context().close();

  const reason = await withDatabase(
    async (sql) =>
      (await sql<{ reason: string }[]>`SELECT reason FROM email_suppressions WHERE email = ${DONORS[1]!}`)[0]
        ?.reason,
  );
  expect(reason).toBe('unsubscribed');
});
