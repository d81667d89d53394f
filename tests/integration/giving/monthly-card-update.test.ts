import { describe, expect, it } from 'vitest';
import { chargeDueRenewals } from '../../../api/modules/payments/test-gateway-subscriptions';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { aCandidate } from '../../factories/donations';
import { deps, mailTo, monthly, setUpGivingApp, t } from '../../factories/giving-harness';
import { TestBrowser } from '../../factories/test-app';

/**
 * A declined renewal on the local test gateway (docs/decisions/0094-refcodes-and-honest-monthly.md):
 * the gateway tries it again 1, 3 and 5 days after it was due, by itself, through the renewals job
 * (run here explicitly on a chosen clock); the fourth decline stops the gift. The failure email's
 * link opens the gift's page, where a guest updates the card on the gateway's page; the next retry
 * charges the new card.
 */
setUpGivingApp();

const START = new Date('2099-01-10T15:00:00Z');
/** The renewal falls due a month on; the retries 1, 3 and 5 days after it. */
const DUE = new Date('2099-02-10T15:00:01Z');
const daysAfterDue = (days: number) => new Date(DUE.getTime() + days * 86_400_000);

const recurring = (reference: string) =>
  t.db
    .selectFrom('recurring_donations')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();

/** The manage link in the latest email to `email`, as a path with its query. */
async function linkInLatestMail(email: string) {
  const text = (await mailTo(email)).at(-1)?.text_body ?? '';
  const link = text.match(/https?:\/\/\S+\/giving\/monthly\/REC-\w+\?expires=\d+&token=[\w-]+/)?.[0];
  expect(link, 'a manage link in the email').toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

async function declinedMonthly(prefix: string) {
  const c = await aCandidate(t.db);
  const email = `${prefix}-${c.handle}@example.test`;
  const gift = await monthly(c.handle, { email, amountCents: 2_000 }, START, TEST_CARDS.renewalsDeclined);
  await chargeDueRenewals(deps, DUE);
  expect(await recurring(gift.recurringReference)).toMatchObject({ status: 'failed', failed_renewals: 1 });
  return { ...gift, email };
}

describe('the test gateway retries a declined renewal', () => {
  it('1, 3 and 5 days after it was due, and the fourth decline stops the gift', async () => {
    const { recurringReference, email } = await declinedMonthly('retries');
    // Runs before a retry is due charge nothing.
    expect(await chargeDueRenewals(deps, daysAfterDue(0.5))).toBe(0);
    for (const [days, tries] of [
      [1, 2],
      [3, 3],
    ] as const) {
      await chargeDueRenewals(deps, daysAfterDue(days));
      expect(await chargeDueRenewals(deps, daysAfterDue(days))).toBe(0);
      expect(await recurring(recurringReference)).toMatchObject({ status: 'failed', failed_renewals: tries });
    }
    expect((await mailTo(email)).at(-1)?.text_body).toContain('after 1 more declined try the gift stops');
    await chargeDueRenewals(deps, daysAfterDue(5));
    expect(await recurring(recurringReference)).toMatchObject({ status: 'cancelled', failed_renewals: 4 });
    expect((await mailTo(email)).at(-1)?.subject).toBe('Your monthly gift to Casey Candidate has stopped');
    // Stopped: nothing more is tried, this month or the next.
    expect(await chargeDueRenewals(deps, daysAfterDue(40))).toBe(0);
    const kept = await t.db
      .selectFrom('donations')
      .select('id')
      .where('email', '=', email)
      .where('status', '=', 'paid')
      .execute();
    expect(kept).toHaveLength(1);
  });
});

describe("the failure email's card update", () => {
  it('lets a guest replace the card on the gateway page; the next retry charges it', async () => {
    const { recurringReference, email } = await declinedMonthly('card');
    const manage = await linkInLatestMail(email);
    const guest = new TestBrowser(t);
    const page = await guest.request(manage);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('The last charge was declined.');
    expect(html).toContain('Update my card');

    const { pathname, searchParams } = new URL(manage, t.config.appUrl);
    const pass = { expires: searchParams.get('expires')!, token: searchParams.get('token')! };
    const started = await guest.form(pathname, { ...pass, action: 'card' });
    expect(started.status).toBe(303);
    const checkout = started.headers.get('location')!;
    // The gateway's page address carries only the checkout's opaque id: no email, no reference.
    expect(checkout).toMatch(/^\/pay\/payable\/tgco_[\w-]{32}$/);
    const gatewayPage = await (await guest.request(checkout)).text();
    expect(gatewayPage).toContain('Update your card');
    expect(gatewayPage).toContain('Nothing is charged now');

    // Nothing is charged on the page: no new gift, no event.
    const saved = await guest.form(checkout, { card: TEST_CARDS.succeeds });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${manage}&done=card`);
    expect(await (await guest.request(saved.headers.get('location')!)).text()).toContain(
      'Your new card is saved.',
    );
    expect(await recurring(recurringReference)).toMatchObject({ status: 'failed', failed_renewals: 1 });

    await chargeDueRenewals(deps, daysAfterDue(1));
    expect(await recurring(recurringReference)).toMatchObject({ status: 'active', failed_renewals: 0 });
    const paid = await t.db
      .selectFrom('donations')
      .select(['amount_cents', 'period_start'])
      .where('email', '=', email)
      .where('status', '=', 'paid')
      .orderBy('id')
      .execute();
    expect(paid.map((d) => d.amount_cents)).toEqual([2_000, 2_000]);
    // The retry paid the declined month, not a new one.
    expect(new Date(paid[1]!.period_start!).toISOString()).toBe('2099-02-10T15:00:00.000Z');
    expect((await mailTo(email)).at(-1)?.subject).toMatch(/^Your donation to Casey Candidate/);
  });

  it('keeps the old card when the new one is declined, and opens for no one without the pass', async () => {
    const { recurringReference, email } = await declinedMonthly('card-declined');
    const manage = await linkInLatestMail(email);
    const { pathname, searchParams } = new URL(manage, t.config.appUrl);
    const stranger = new TestBrowser(t);
    expect((await stranger.form(pathname, { action: 'card' })).status).toBe(404);

    const guest = new TestBrowser(t);
    const pass = { expires: searchParams.get('expires')!, token: searchParams.get('token')! };
    const checkout = (await guest.form(pathname, { ...pass, action: 'card' })).headers.get('location')!;
    const declined = await guest.form(checkout, { card: TEST_CARDS.declined });
    expect(declined.headers.get('location')).toBe(manage);
    await chargeDueRenewals(deps, daysAfterDue(1));
    expect(await recurring(recurringReference)).toMatchObject({ status: 'failed', failed_renewals: 2 });
  });
});
