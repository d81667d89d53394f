import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGift } from '../../../api/modules/donations/start-gift';
import { subscribe } from '../../../api/modules/membership/lifecycle';
import { createPaymentsPort } from '../../../api/ports/payments';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { aCandidate, aGift } from '../../factories/donations';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * The test gateway's pay page completes once, like a provider's checkout
 * (docs/decisions/0073-payments-pay-once.md): its form posted three times, one after another or
 * all at once, takes one charge and keeps one subscription; its address names the checkout only.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const payments = () => createPaymentsPort(t.config, t.db);

/** A $3,500 gift (the whole primary limit), once or monthly; it needs employer and occupation. */
async function startBigGift(frequency: 'once' | 'monthly') {
  const candidate = await aCandidate(t.db);
  const input = aGift(candidate.handle, {
    frequency,
    amountCents: 350_000,
    employer: 'Acme',
    occupation: 'Engineer',
  });
  const started = await startGift({ db: t.db, payments: payments() }, input);
  const recurring = await t.db
    .selectFrom('recurring_donations')
    .select('reference')
    .where('email', '=', input.email)
    .executeTakeFirst();
  return { ...started, email: input.email, payable: recurring?.reference ?? started.reference };
}

async function startMembership() {
  const member = await aCandidate(t.db);
  const started = await subscribe({ db: t.db, payments: payments() }, member.id, { tier: 'campaign' });
  const { email } = await t.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', member.id)
    .executeTakeFirstOrThrow();
  return { ...started, email, payable: started.reference };
}

/** The pay page's form as a browser submits it: its hidden fields, the card, to the page's address. */
async function payForm(payUrl: string) {
  const html = await (await t.app.request(payUrl)).text();
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields.set(name!, value!.replaceAll('&amp;', '&'));
  fields.set('card', TEST_CARDS.succeeds);
  return fields.toString();
}

const submit = (payUrl: string, form: string) =>
  t.post(payUrl, form, { 'content-type': 'application/x-www-form-urlencoded' });

const postCard = async (payUrl: string) => submit(payUrl, await payForm(payUrl));

/** The same pay form submitted three times: one after another, or all at once. */
async function postThreeTimes(payUrl: string, mode: 'sequential' | 'parallel') {
  const form = await payForm(payUrl);
  if (mode === 'parallel')
    return Promise.all([submit(payUrl, form), submit(payUrl, form), submit(payUrl, form)]);
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await submit(payUrl, form));
  return answers;
}

/** Succeeded charges the webhook recorded for a payable. */
async function chargesOf(reference: string) {
  const rows = await t.db
    .selectFrom('payment_events')
    .select('event_id')
    .where('payable_reference', '=', reference)
    .where('kind', '=', 'payment.succeeded')
    .execute();
  return rows.length;
}

async function gatewaySubscriptionsOf(reference: string) {
  return t.db
    .selectFrom('test_gateway_subscriptions')
    .select(['status', 'amount_cents'])
    .where('payable_reference', '=', reference)
    .execute();
}

async function refundsOf(reference: string) {
  return t.db.selectFrom('payment_refunds').selectAll().where('payable_reference', '=', reference).execute();
}

/** One redirect to the success page; every other post shows the payment as already complete. */
async function expectPaidOnce(answers: Response[], successPath: RegExp) {
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([303, 409, 409]);
  const first = answers.find((a) => a.status === 303)!;
  expect(first.headers.get('location')).toMatch(successPath);
  for (const again of answers.filter((a) => a.status === 409))
    expect(await again.text()).toContain('This payment is already complete');
}

describe.each(['sequential', 'parallel'] as const)('a pay page posted three times (%s)', (mode) => {
  it('charges a one-off $3,500 gift once and counts it once', async () => {
    const started = await startBigGift('once');
    await expectPaidOnce(
      await postThreeTimes(started.payUrl, mode),
      /^\/donate\/[\w-]+\/thank-you\?ref=DON-/,
    );
    expect(await chargesOf(started.payable)).toBe(1);
    const gift = await t.db
      .selectFrom('donations')
      .select(['status', 'amount_cents'])
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(gift).toEqual({ status: 'paid', amount_cents: 350_000 });
    expect(await refundsOf(started.payable)).toEqual([]);
  });

  it('charges a $3,500 monthly gift once and keeps one subscription', async () => {
    const started = await startBigGift('monthly');
    await expectPaidOnce(
      await postThreeTimes(started.payUrl, mode),
      /^\/donate\/[\w-]+\/thank-you\?ref=DON-/,
    );
    expect(await chargesOf(started.payable)).toBe(1);
    expect(await gatewaySubscriptionsOf(started.payable)).toEqual([
      { status: 'active', amount_cents: 350_000 },
    ]);
    const gifts = await t.db
      .selectFrom('donations as d')
      .innerJoin('recurring_donations as r', 'r.id', 'd.recurring_id')
      .select(['d.status', 'r.status as recurring'])
      .where('r.reference', '=', started.payable)
      .execute();
    expect(gifts).toEqual([{ status: 'paid', recurring: 'active' }]);
    expect(await refundsOf(started.payable)).toEqual([]);
  });

  it('charges a $29 membership once and keeps one subscription', async () => {
    const started = await startMembership();
    await expectPaidOnce(await postThreeTimes(started.payUrl, mode), /^\/serviceordersuccess/);
    expect(await chargesOf(started.payable)).toBe(1);
    expect(await gatewaySubscriptionsOf(started.payable)).toEqual([{ status: 'active', amount_cents: 2900 }]);
    const sub = await t.db
      .selectFrom('membership_subscriptions')
      .select('status')
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('active');
  });
});

describe('the pay link', () => {
  /** Every way the address could carry a value: as written, URI-decoded, base64url-decoded parts. */
  function readings(payUrl: string) {
    const url = new URL(payUrl, 'http://x');
    const parts = [...url.pathname.split('/'), ...[...url.searchParams.values()]];
    const decoded = parts.map((p) => Buffer.from(p.replace(/^tgco_/, ''), 'base64url').toString('latin1'));
    return [payUrl, decodeURIComponent(payUrl), ...decoded].join('\n');
  }

  it('names an opaque checkout only: no email, amount or description, decoded or not', async () => {
    for (const started of [
      await startBigGift('once'),
      await startBigGift('monthly'),
      await startMembership(),
    ]) {
      expect(started.payUrl).toMatch(/^\/pay\/payable\/tgco_[\w-]+$/);
      const text = readings(started.payUrl);
      for (const secret of [
        started.email,
        '350000',
        '3500',
        '3,500',
        '2900',
        '29.00',
        'donation',
        'membership',
      ])
        expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      const page = await t.app.request(started.payUrl);
      expect(page.status).toBe(200);
    }
  });

  it('shows the outcome, not the form, once the checkout is paid', async () => {
    const started = await startMembership();
    expect((await postCard(started.payUrl)).status).toBe(303);
    const page = await t.app.request(started.payUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('This payment is already complete');
    expect(html).not.toContain('name="card"');
  });
});
