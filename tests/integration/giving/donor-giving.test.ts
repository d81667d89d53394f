import { describe, expect, it } from 'vitest';
import { managePass } from '../../../api/modules/donations/manage-link';
import { startGift } from '../../../api/modules/donations/start-gift';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import { chargeDueRenewals } from '../../../api/modules/payments/test-gateway-subscriptions';
import { TEST_CARDS, testPayableEvent } from '../../../api/ports/payments/test-gateway';
import { demoAccounts } from '../../factories/accounts';
import { aCandidate, aGift } from '../../factories/donations';
import { deps, gifts, mailTo, monthly, pay, setUpGivingApp, t } from '../../factories/giving-harness';
import { signedIn } from '../../factories/staff';
import { TestBrowser } from '../../factories/test-app';

/**
 * A donor's own giving (docs/decisions/0094-refcodes-and-honest-monthly.md): the receipt's signed
 * link opens that monthly gift only, expires and signs nobody in; a new amount is checked against
 * the limit for the months left; a member sees every gift with its receipt on /giving and pauses,
 * resumes and cancels there; a declined renewal emails the donor, and the gift stops after the last retry.
 */
setUpGivingApp();

const MEMBER = 'member@demo.campaignhq.test';
/** A month after the test's start, well before the 2099 primary: a month's gift, not the election's. */
const START = new Date('2099-01-10T15:00:00Z');

const recurring = (reference: string) =>
  t.db
    .selectFrom('recurring_donations')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
const subscription = (id: string) =>
  t.db.selectFrom('test_gateway_subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The manage link in the latest receipt to `email`, as a path with its query. */
async function manageLinkIn(email: string) {
  const mail = await mailTo(email);
  const link = mail
    .map((m) => m.text_body.match(/https?:\/\/\S+\/giving\/monthly\/REC-\w+\?expires=\d+&token=[\w-]+/)?.[0])
    .filter(Boolean)
    .at(-1);
  expect(link, 'a manage link in the receipt').toBeDefined();
  const url = new URL(link!);
  return { path: `${url.pathname}${url.search}`, pathname: url.pathname, params: url.searchParams };
}

describe("a monthly gift's manage link", () => {
  it('opens that gift only, expires, signs nobody in, and changes the amount within the limit', async () => {
    const c = await aCandidate(t.db);
    const email = `guest-${c.handle}@example.test`;
    const { recurringReference, subscription: sub } = await monthly(
      c.handle,
      { email, amountCents: 2_500 },
      START,
    );
    const link = await manageLinkIn(email);
    expect(link.path).not.toContain(email.split('@')[0]!);

    const guest = new TestBrowser(t);
    const page = await guest.request(link.path);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie') ?? '').not.toMatch(/session/i);
    expect(await page.text()).toContain('$25.00 every month until you cancel');
    // Forged, expired, or another gift's: nothing opens.
    expect(
      (await guest.request(`${link.pathname}?expires=${link.params.get('expires')}&token=forged`)).status,
    ).toBe(404);
    const old = managePass(t.config.appSecret, recurringReference, new Date(Date.now() - 60 * 86_400_000));
    expect((await guest.request(`${link.pathname}?expires=${old.expires}&token=${old.token}`)).status).toBe(
      404,
    );
    const other = await monthly(c.handle, { lastName: 'Other', amountCents: 1_000 }, START);
    expect((await guest.request(`/giving/monthly/${other.recurringReference}?${link.params}`)).status).toBe(
      404,
    );
    // Signed in as nobody: /giving still asks to sign in.
    expect((await guest.request('/giving')).status).toBe(302);

    const pass = { expires: link.params.get('expires')!, token: link.params.get('token')! };
    // $3,000 a month for the months left before the primary passes the limit: refused, nothing changes.
    const over = await guest.form(link.pathname, { ...pass, action: 'amount', amount: '3000' });
    expect(over.status).toBe(400);
    expect(await over.text()).toMatch(
      /would pass the \$3,500 limit\. You can give up to \$[\d,.]+ a month\./,
    );
    expect((await recurring(recurringReference)).amount_cents).toBe(2_500);

    const changed = await guest.form(link.pathname, { ...pass, action: 'amount', amount: '40' });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toContain('done=amount');
    expect((await recurring(recurringReference)).amount_cents).toBe(4_000);
    expect((await subscription(sub!)).amount_cents).toBe(4_000);
    await chargeDueRenewals(deps, new Date('2099-02-10T16:00:00Z'));
    const charges = await t.db
      .selectFrom('donations')
      .select('amount_cents')
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(charges.map((d) => d.amount_cents)).toEqual([2_500, 4_000]);
  });
});

describe('/giving for a member', () => {
  it('lists every gift with its receipt and the monthly gifts, which the member pauses, resumes and cancels', async () => {
    await demoAccounts(t.db, 'member');
    const member = await signedIn(t, MEMBER);
    const c = await aCandidate(t.db);
    // Given as a guest with the member's verified email: theirs on /giving too.
    const once = await startGift(
      gifts,
      aGift(c.handle, { email: MEMBER, lastName: 'Member', amountCents: 5_000 }),
    );
    await pay(once.reference);
    const { recurringReference, subscription: sub } = await monthly(
      c.handle,
      { email: MEMBER, lastName: 'Member', amountCents: 1_500 },
      START,
    );
    const stranger = await startGift(gifts, aGift(c.handle, { lastName: 'Stranger', amountCents: 2_000 }));
    await pay(stranger.reference);

    const html = await (await member.request('/giving')).text();
    const list = /data-testid="giving-gifts"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    expect(list).toContain(once.reference);
    expect(list).toContain('$15.00 (monthly)');
    expect(list).not.toContain(stranger.reference);
    const monthlyRows = /data-testid="giving-monthly"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
    expect(monthlyRows).toContain('$15.00 a month');
    expect((await member.request(`/giving/receipts/${once.reference}`)).status).toBe(200);
    expect((await member.request(`/giving/receipts/${stranger.reference}`)).status).toBe(404);

    const path = `/giving/monthly/${recurringReference}`;
    expect((await member.form(path, { action: 'pause' })).status).toBe(303);
    expect((await recurring(recurringReference)).status).toBe('paused');
    expect((await subscription(sub!)).status).toBe('paused');
    // Paused: the provider charges nothing.
    expect(await chargeDueRenewals(deps, new Date('2099-02-10T16:00:00Z'))).toBe(0);
    expect((await member.form(path, { action: 'resume' })).status).toBe(303);
    expect((await recurring(recurringReference)).status).toBe('active');
    expect((await member.form(path, { action: 'cancel' })).status).toBe(303);
    expect((await recurring(recurringReference)).status).toBe('cancelled');
    expect((await subscription(sub!)).status).toBe('cancelled');
    expect(await (await member.request(`${path}?done=cancel`)).text()).toContain(
      'Your monthly gift is cancelled.',
    );
  });
});

describe('a declined renewal', () => {
  it('emails the donor with the manage link and the tries left, and stops the gift after the last', async () => {
    const c = await aCandidate(t.db);
    const email = `declined-${c.handle}@example.test`;
    const { recurringReference, subscription: sub } = await monthly(
      c.handle,
      { email, amountCents: 2_000 },
      START,
      TEST_CARDS.renewalsDeclined,
    );
    await chargeDueRenewals(deps, new Date('2099-02-10T16:00:00Z'));
    expect(await recurring(recurringReference)).toMatchObject({ status: 'failed', failed_renewals: 1 });
    const notice = (await mailTo(email)).at(-1);
    expect(notice?.subject).toBe('Your monthly gift to Casey Candidate did not go through');
    expect(notice?.text_body).toContain('after 3 more declined tries the gift stops');
    expect(notice?.text_body).toMatch(/\/giving\/monthly\/REC-\w+\?expires=/);
    // The provider's retries, each declined (Stripe reports every one).
    for (const day of ['13', '18', '25']) {
      await deliverTestGatewayEvent(
        deps,
        testPayableEvent(
          { kind: 'donation', reference: recurringReference },
          { ok: false, reason: 'Your card was declined.' },
          {
            subscriptionId: sub!,
            period: { start: `2099-02-${day}T16:00:00Z`, end: '2099-03-10T16:00:00Z' },
          },
        ),
      );
    }
    expect(await recurring(recurringReference)).toMatchObject({ status: 'cancelled', failed_renewals: 4 });
    expect((await subscription(sub!)).status).toBe('cancelled');
    expect((await mailTo(email)).at(-1)?.subject).toBe('Your monthly gift to Casey Candidate has stopped');
  });
});
