import { describe, expect, it } from 'vitest';
import { askCookieName, askCookieValue } from '../../../api/modules/donations/ask-pass';
import { monthlyAskAmounts } from '../../../api/modules/donations/monthly-ask';
import { startGift } from '../../../api/modules/donations/start-gift';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { aCandidate, aGift } from '../../factories/donations';
import { deps, gifts, pay, setUpGivingApp, t } from '../../factories/giving-harness';
import { recurringPlanOf } from '../../factories/payables';
import { TestBrowser } from '../../factories/test-app';

/**
 * The honest monthly ask (docs/decisions/0094-refcodes-and-honest-monthly.md): only after a PAID
 * one-time gift, smaller amounts and none chosen, "every month until you cancel" in words, the
 * rules accepted again; declining stores nothing.
 */
setUpGivingApp();

const recurringCount = async (email: string) =>
  Number(
    (
      await t.db
        .selectFrom('recurring_donations')
        .select(t.db.fn.countAll<string>().as('n'))
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the monthly ask', () => {
  it('offers two or three amounts below the gift and within the limit, or nothing', () => {
    expect(monthlyAskAmounts(5_000, 350_000)).toEqual([1_000, 1_500, 2_500]);
    expect(monthlyAskAmounts(1_000, 350_000)).toEqual([300, 500]);
    expect(monthlyAskAmounts(500, 350_000)).toEqual([]);
    expect(monthlyAskAmounts(100_000, 1_200)).toEqual([300, 500, 1_000]);
    expect(monthlyAskAmounts(100_000, 400)).toEqual([]);
  });

  it('follows a paid one-time gift only, says it repeats until cancelled, and declining changes nothing', async () => {
    const c = await aCandidate(t.db);
    const email = `ask-${c.handle}@example.test`;
    const started = await startGift(gifts, aGift(c.handle, { email, amountCents: 5_000, refcode: 'em-7' }));
    // The browser that gave carries the ask cookie its gift set (ask-pass.ts).
    const cookie = `${askCookieName(t.config.secureCookies)}=${askCookieValue(t.config.appSecret, started.reference)}`;
    const page = (declined = false, headers: Record<string, string> = { cookie }) =>
      t.app.request(
        `/donate/${c.handle}/thank-you?ref=${started.reference}${declined ? '&declined=1' : ''}`,
        {
          headers,
        },
      );
    // Not paid yet: no ask.
    expect(await (await page()).text()).not.toContain('data-testid="monthly-ask"');
    await pay(started.reference);
    const html = await (await page()).text();
    const ask = /data-testid="monthly-ask"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(ask).toContain('every month until you cancel');
    for (const amount of ['$10 a month', '$15 a month', '$25 a month']) expect(ask).toContain(amount);
    expect(ask).not.toMatch(/checked/);
    // Sharing is plain links; no third-party script is on the page.
    expect(html).toContain('https://www.facebook.com/sharer/sharer.php?u=');
    expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
    expect(html).toContain('data-testid="back-to-candidate"');

    // Another browser with the same thank-you link is not asked, and cannot say yes.
    expect(await (await page(false, {})).text()).not.toContain('data-testid="monthly-ask"');
    const elsewhere = await new TestBrowser(t).form(`/donate/${c.handle}/thank-you/monthly`, {
      ref: started.reference,
      amount: '1500',
      acceptRules: 'on',
    });
    expect(elsewhere.status).toBe(404);

    const declined = await (await page(true)).text();
    expect(declined).not.toContain('data-testid="monthly-ask"');
    expect(declined).toContain('data-testid="gift-thanks"');
    expect(await recurringCount(email)).toBe(0);

    // A yes without the rules, or for an amount not offered, is refused and stores nothing.
    const browser = new TestBrowser(t, { cookie });
    const path = `/donate/${c.handle}/thank-you/monthly`;
    const noRules = await browser.form(path, { ref: started.reference, amount: '1500' });
    expect(noRules.status).toBe(400);
    expect(await noRules.text()).toContain('Confirm the contribution rules to give.');
    const notOffered = await browser.form(path, {
      ref: started.reference,
      amount: '3500',
      acceptRules: 'on',
    });
    expect(notOffered.status).toBe(400);
    expect(await notOffered.text()).toContain('Choose one of the monthly amounts offered.');
    expect(await recurringCount(email)).toBe(0);

    const yes = await browser.form(path, { ref: started.reference, amount: '1500', acceptRules: 'on' });
    expect(yes.status).toBe(303);
    const plan = await recurringPlanOf(t.db, yes.headers.get('location')!);
    expect(plan).toMatchObject({ amountCents: 1_500, interval: 'month', email });
    await startTestSubscription(deps, plan, TEST_CARDS.succeeds);
    const monthly = await t.db
      .selectFrom('recurring_donations')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const original = await t.db
      .selectFrom('donations')
      .select('id')
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(monthly).toMatchObject({
      status: 'active',
      amount_cents: 1_500,
      refcode: 'em-7',
    });
    // bigint: one driver reads it as text, the other as a number.
    expect(String(monthly.asked_from_donation_id)).toBe(String(original.id));
    expect(monthly.next_charge_at).not.toBeNull();
    // Accepted once: the ask is gone, and a second yes starts nothing.
    expect(await (await page()).text()).not.toContain('data-testid="monthly-ask"');
    expect(
      (await browser.form(path, { ref: started.reference, amount: '1000', acceptRules: 'on' })).status,
    ).toBe(400);
    expect(await recurringCount(email)).toBe(1);
    // The monthly receipt names the next charge and the signed manage link.
    const receipt = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('every month until you cancel');
    expect(receipt.text_body).toMatch(/Next charge: \w+ \d{1,2}, \d{4}/);
    expect(receipt.text_body).toMatch(/\/giving\/monthly\/REC-[A-Z0-9]+\?expires=\d+&token=[\w-]+/);
  });

  it('never follows a monthly gift', async () => {
    const c = await aCandidate(t.db);
    const started = await startGift(gifts, aGift(c.handle, { frequency: 'monthly', amountCents: 5_000 }));
    const plan = await recurringPlanOf(t.db, started.payUrl);
    await startTestSubscription(deps, plan, TEST_CARDS.succeeds);
    const cookie = `${askCookieName(t.config.secureCookies)}=${askCookieValue(t.config.appSecret, started.reference)}`;
    const html = await (
      await t.app.request(`/donate/${c.handle}/thank-you?ref=${started.reference}`, { headers: { cookie } })
    ).text();
    expect(html.replaceAll('<!-- -->', '')).toContain('monthly gift of $50.00');
    expect(html).not.toContain('data-testid="monthly-ask"');
  });

  it('is asked of the browser whose plain form POST gave', async () => {
    const c = await aCandidate(t.db);
    const browser = new TestBrowser(t);
    const posted = await browser.form(`/donate/${c.handle}`, {
      amount: '5000',
      frequency: 'once',
      firstName: 'Pat',
      lastName: 'Plain',
      email: `plain-${c.handle}@example.test`,
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      acceptRules: 'on',
    });
    expect(posted.status).toBe(303);
    const reference = (
      await t.db
        .selectFrom('donations')
        .select('reference')
        .where('email', '=', `plain-${c.handle}@example.test`)
        .executeTakeFirstOrThrow()
    ).reference;
    await pay(reference);
    const html = await (await browser.request(`/donate/${c.handle}/thank-you?ref=${reference}`)).text();
    expect(html).toContain('data-testid="monthly-ask"');
  });
});
