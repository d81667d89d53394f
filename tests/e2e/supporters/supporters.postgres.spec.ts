import { expect, test } from '@playwright/test';
import { demo, signIn } from '../admin-helpers';
import { withDatabase } from '../e2e-database';
import { expectNoAxeViolations } from '../mass-email/mass-email-helpers';

/**
 * A candidate works their list (issue 50, docs/decisions/0100-supporters.md): finds a donor among
 * their supporters, tags them, saves the tag as a list and emails it; the email reaches only the
 * tagged donor. The candidate (Campaign tier), a follower and two guest gifts are written straight
 * into the server's database, so this is a *.postgres.spec.ts file (it runs when DATABASE_URL is set).
 */
const tag = Date.now().toString(36);
const CANDIDATE = `supporters-candidate-${tag}@example.test`;
const DONOR = `della-${tag}@donors.test`;
const OTHER = `omar-${tag}@donors.test`;

async function candidateWithPeople(): Promise<number> {
  return withDatabase(async (sql) => {
    const [hash] = await sql<{ password_hash: string }[]>`
      SELECT password_hash FROM users WHERE email = ${demo('candidate')}`;
    const [candidate] = await sql<{ id: number }[]>`
      INSERT INTO users (email, password_hash, kind, first_name, last_name, is_candidate, email_verified_at, setup_completed_at)
      VALUES (${CANDIDATE}, ${hash!.password_hash}, 'individual', 'Rosa', ${`List${tag}`}, true, now(), now())
      RETURNING id`;
    const id = candidate!.id;
    await sql`
      INSERT INTO membership_subscriptions (reference, user_id, tier, amount_cents, status, current_period_end)
      VALUES (${`SUB-SUP${tag}`.slice(0, 20)}, ${id}, 'campaign', 2900, 'active', now() + interval '30 days')`;
    for (const [first, last, email, cents] of [
      ['Della', `Donor${tag}`, DONOR, 25_000],
      ['Omar', `Other${tag}`, OTHER, 2_000],
    ] as const) {
      const [donor] = await sql<{ id: number }[]>`
        INSERT INTO donors (email_key, name_key, zip5) VALUES (${email}, ${`${first} ${last}`.toLowerCase()}, '43215')
        RETURNING id`;
      await sql`
        INSERT INTO donations (reference, candidate_id, donor_id, amount_cents, election, status, first_name, last_name,
          email, street, city, state, zip, attested_at, paid_at)
        VALUES (${`DON-E${tag}${first}`.slice(0, 24)}, ${id}, ${donor!.id}, ${cents}, 'primary', 'paid', ${first}, ${last},
          ${email}, '1 Main St', 'Columbus', 'OH', '43215', now(), now())`;
    }
    const [fan] = await sql<{ id: number }[]>`
      INSERT INTO users (email, kind, first_name, last_name) VALUES (${`fan-${tag}@example.test`}, 'individual', 'Fay', 'Fan')
      RETURNING id`;
    await sql`INSERT INTO follows (follower_id, followee_id) VALUES (${fan!.id}, ${id})`;
    return id;
  });
}

test('a candidate finds a donor, tags them, saves a list and emails it', async ({ browser }) => {
  test.setTimeout(120_000);
  const candidateId = await candidateWithPeople();
  const page = await (await browser.newContext()).newPage();
  await signIn(page, CANDIDATE);
  await page.goto('/campaign-dashboard');
  await page.getByRole('link', { name: /Your supporters/ }).click();
  await expect(page).toHaveURL(new RegExp(`/supporters/${candidateId}`));
  await expect(page.getByTestId('supporter-count')).toContainText('3 supporters');
  await expectNoAxeViolations(page);

  await page.getByLabel('Gave at least ($)').fill('100');
  await page.getByLabel('Sort by').selectOption('gave');
  await page.getByRole('button', { name: 'Show supporters' }).click();
  await expect(page.getByTestId('supporter-count')).toContainText('1 supporter');
  await page.getByRole('link', { name: `Della Donor${tag}` }).click();

  await expect(page.getByTestId('person-gave')).toContainText('Gave $250.00 in 1 gift');
  await expect(page.getByTestId('person-contact')).toContainText(DONOR);
  await page.getByLabel('Add a tag').fill('Major donor');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByTestId('person-tags')).toContainText('Major donor');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to the supporters' }).click();
  await page.getByLabel('Tag', { exact: true }).selectOption({ label: 'Major donor' });
  await page.getByRole('button', { name: 'Show supporters' }).click();
  await expect(page.getByTestId('supporter-list')).toContainText(`Della Donor${tag}`);
  await expect(page.getByTestId('supporter-list')).not.toContainText(`Omar Other${tag}`);
  await page.getByLabel('List name').fill('Major donors');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The list is saved.' })).toBeVisible();
  await expect(page.getByTestId('list-count')).toContainText('1 supporter today.');

  await page.getByLabel('Subject').fill('Thank you, {{firstName}}');
  await page.getByLabel('Message').fill('Your gift keeps us knocking on doors.');
  await page.getByRole('button', { name: 'Preview and count' }).click();
  await expect(page.getByTestId('list-preview')).toContainText('1 would receive it');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email is queued' })).toBeVisible();
  const row = page.getByTestId('list-sends').getByRole('row').filter({ hasText: 'Thank you' });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('1 of 1 sent', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  const recipients = await withDatabase(
    (sql) => sql<{ email: string }[]>`
      SELECT r.email FROM mass_email_recipients r JOIN mass_email_sends s ON s.id = r.send_id
      WHERE s.created_by = ${candidateId}`,
  );
  expect(recipients.map((r) => r.email)).toEqual([DONOR]);

  // The pages fit a phone's width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/supporters/${candidateId}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().close();
});
