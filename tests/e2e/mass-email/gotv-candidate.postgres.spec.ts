import { expect, test } from '@playwright/test';
import { demo, signIn } from '../admin-helpers';
import { withDatabase } from '../e2e-database';
import { expectNoAxeViolations } from './mass-email-helpers';

/**
 * A candidate emails their followers from the campaign dashboard (docs/decisions/0032-gotv-and-candidate-emails.md): a candidate
 * on the Campaign tier (2,000 emails a month) with two followers creates a GOTV campaign, previews
 * the count, sends, and watches the email reach "Sent"; a follower finds it in the dev mailbox.
 * The candidate, the subscription and the follows are written straight into the server's
 * database, so this is a *.postgres.spec.ts file (it runs when DATABASE_URL is set).
 */
const tag = Date.now().toString(36);
const CANDIDATE = `gotv-candidate-${tag}@example.test`;
const FOLLOWERS = [`fan-a-${tag}@example.test`, `fan-b-${tag}@example.test`];

/** A paid candidate who signs in with the demo password (the demo candidate's hash), and two followers. */
async function paidCandidateWithFollowers() {
  await withDatabase(async (sql) => {
    const [hash] = await sql<{ password_hash: string }[]>`
      SELECT password_hash FROM users WHERE email = ${demo('candidate')}`;
    const [candidate] = await sql<{ id: number }[]>`
      INSERT INTO users (email, password_hash, kind, first_name, last_name, is_candidate, email_verified_at, setup_completed_at)
      VALUES (${CANDIDATE}, ${hash!.password_hash}, 'individual', 'Rosa', ${`Vega${tag}`}, true, now(), now())
      RETURNING id`;
    await sql`
      INSERT INTO membership_subscriptions (reference, user_id, tier, amount_cents, status, current_period_end)
      VALUES (${`SUB-E2E${tag}`.slice(0, 20)}, ${candidate!.id}, 'campaign', 2900, 'active', now() + interval '30 days')`;
    for (const [i, email] of FOLLOWERS.entries()) {
      const [fan] = await sql<{ id: number }[]>`
        INSERT INTO users (email, kind, first_name, last_name) VALUES (${email}, 'individual', ${i ? 'Bo' : 'Ada'}, 'Fan')
        RETURNING id`;
      await sql`INSERT INTO follows (follower_id, followee_id) VALUES (${fan!.id}, ${candidate!.id})`;
    }
  });
}

test('a candidate creates a GOTV campaign and emails their followers from the dashboard', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await paidCandidateWithFollowers();
  const page = await (await browser.newContext()).newPage();
  await signIn(page, CANDIDATE);
  await page.goto('/campaign-dashboard/outreach');
  await expect(page.getByTestId('outreach-allowance')).toContainText('Campaign plan: 2,000 emails a month');

  await page.getByLabel('Type').selectOption('GOTV');
  await page.getByLabel('Name').fill('Vote early with Rosa');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your campaign is created' })).toBeVisible();

  await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Vote early with Rosa' });
  await expect(page.getByRole('checkbox', { name: 'My followers' })).toBeChecked();
  await page.getByLabel('Subject').fill('See you at the polls, {{firstName}}');
  await page.getByLabel('Message').fill('Early voting opens Saturday.');
  await page.getByRole('button', { name: 'Preview and count' }).click();
  await expect(page.getByTestId('outreach-preview')).toContainText('2 would receive it');
  await expectNoAxeViolations(page);
  // The buttons start where the fields start, as on the rest of the dashboard, not centred.
  const field = await page.getByLabel('Subject').boundingBox();
  const preview = await page.getByRole('button', { name: 'Preview and count' }).boundingBox();
  expect(
    Math.abs(preview!.x - field!.x),
    'Preview and count starts at the fields’ left edge',
  ).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email is queued' })).toBeVisible();

  // The job delivers it; the page shows the progress on each reload.
  const row = page.getByTestId('outreach-sends').getByRole('row').filter({ hasText: 'See you at the polls' });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Sent', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText('2 of 2 sent, 0 suppressed, 0 failed');
  await expect(page.getByTestId('outreach-allowance')).toContainText('Used this month: 2; left: 1,998.');
  await page.context().close();

  const inbox = await (await browser.newContext()).newPage();
  await inbox.goto(`/dev/mailbox?${new URLSearchParams({ to: FOLLOWERS[0]! })}`);
  await expect(inbox.getByText('See you at the polls, Ada')).toHaveCount(1);
  await expect(inbox.getByText(`You receive this email because you follow Rosa Vega${tag}.`)).toBeVisible();
  await inbox.context().close();
});
