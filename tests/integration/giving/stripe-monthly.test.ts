import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recurringTruth } from '../../../api/modules/campaign-dashboard/recurring-truth';
import { giftDetail } from '../../../api/modules/donations/gift-list';
import { managePass } from '../../../api/modules/donations/manage-link';
import { recurringReference } from '../../../api/modules/donations/references';
import { PROVIDER_REFUSED } from '../../../api/modules/payments/change-recurring';
import { STRIPE_SIGNATURE_HEADER } from '../../../api/ports/payments/stripe';
import { aCandidate, giveGift } from '../../factories/donations';
import { fakeStripe, stripeError, stripeSubscription } from '../../factories/fake-stripe';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * A monthly gift on Stripe (docs/decisions/0094-refcodes-and-honest-monthly.md), managed from the
 * receipt's link against a local fake of Stripe's API (no network): a new amount, pause and resume
 * update the subscription; the limit is re-checked before Stripe is asked; when Stripe refuses,
 * nothing changes on our side. The card update opens Stripe's setup page and its completion makes
 * the card the subscription's default. A dispute of a renewal's charge is linked to its gift.
 */
const WEBHOOK_SECRET = 'whsec_campaign_hq_monthly';
const PERIOD_END = Date.UTC(2099, 2, 10, 15) / 1000;
const helper = new Stripe('sk_test_helper');
let t: TestApp;
let stripe: Awaited<ReturnType<typeof fakeStripe>>;

beforeAll(async () => {
  stripe = await fakeStripe(({ method, path, body }) => {
    if (path.includes('sub_refused'))
      return stripeError('This subscription cannot be updated.', 'invalid_request');
    if (path.startsWith('/v1/subscriptions/')) {
      const id = path.split('/')[3]!;
      const paused = method === 'POST' && body['pause_collection[behavior]'] ? { behavior: 'void' } : null;
      const amount = Number(body['items[0][price_data][unit_amount]'] ?? 2_000);
      return { body: stripeSubscription(id, amount, PERIOD_END, { pause_collection: paused }) };
    }
    if (path.startsWith('/v1/checkout/sessions'))
      return {
        body: {
          id: 'cs_setup',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_setup',
        },
      };
    if (path.startsWith('/v1/setup_intents/'))
      return { body: { id: 'seti_new', object: 'setup_intent', payment_method: 'pm_new_card' } };
    if (path.startsWith('/v1/invoice_payments'))
      return {
        body: {
          object: 'list',
          data: [{ id: 'inpay_1', object: 'invoice_payment', invoice: 'in_renewal_2' }],
        },
      };
    return stripeError(`unexpected ${method} ${path}`);
  });
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_monthly',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** An active monthly gift on Stripe subscription `subscriptionId`, its first charge paid. */
async function stripeMonthly(subscriptionId: string) {
  const c = await aCandidate(t.db);
  const first = await giveGift(t.db, {
    candidateId: c.id,
    amountCents: 2_000,
    email: `${subscriptionId}@example.test`,
  });
  const reference = recurringReference();
  const row = await t.db
    .insertInto('recurring_donations')
    .values({
      reference,
      candidate_id: c.id,
      donor_id: first.donorId,
      amount_cents: 2_000,
      email: `${subscriptionId}@example.test`,
      status: 'active',
      provider_subscription_id: subscriptionId,
      next_charge_at: new Date('2099-02-10T15:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('donations')
    .set({ recurring_id: row.id, provider_payment_id: 'in_first' })
    .where('id', '=', first.id)
    .execute();
  const pass = managePass(t.config.appSecret, reference);
  return {
    candidateId: c.id,
    reference,
    firstId: first.id,
    path: `/giving/monthly/${reference}`,
    pass: { ...pass, expires: String(pass.expires) },
  };
}

const recurring = (reference: string) =>
  t.db
    .selectFrom('recurring_donations')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();

function signed(body: string) {
  return t.app.request('/api/payments/webhook', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [STRIPE_SIGNATURE_HEADER]: helper.webhooks.generateTestHeaderString({
        payload: body,
        secret: WEBHOOK_SECRET,
      }),
    },
  });
}

describe('a monthly gift on Stripe, from its manage link', () => {
  it('changes the amount at Stripe within the limit, and asks Stripe nothing for an amount over it', async () => {
    const gift = await stripeMonthly('sub_amount');
    const guest = new TestBrowser(t);
    const asked = stripe.requests.length;
    // $1,000 a month for the four charges left before the primary passes $3,500: refused before Stripe is asked.
    const over = await guest.form(gift.path, { ...gift.pass, action: 'amount', amount: '1000' });
    expect(over.status).toBe(400);
    expect(stripe.requests).toHaveLength(asked);
    expect((await recurring(gift.reference)).amount_cents).toBe(2_000);

    const changed = await guest.form(gift.path, { ...gift.pass, action: 'amount', amount: '40' });
    expect(changed.status).toBe(303);
    expect((await recurring(gift.reference)).amount_cents).toBe(4_000);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_amount',
      body: { 'items[0][price_data][unit_amount]': '4000', proration_behavior: 'none' },
    });
  });

  it('pauses and resumes the subscription; the next charge is the one Stripe names', async () => {
    const gift = await stripeMonthly('sub_pause');
    const guest = new TestBrowser(t);
    expect((await guest.form(gift.path, { ...gift.pass, action: 'pause' })).status).toBe(303);
    expect((await recurring(gift.reference)).status).toBe('paused');
    expect(stripe.requests.at(-1)).toMatchObject({ body: { 'pause_collection[behavior]': 'void' } });
    expect((await guest.form(gift.path, { ...gift.pass, action: 'resume' })).status).toBe(303);
    expect(stripe.requests.at(-1)).toMatchObject({ body: { pause_collection: '' } });
    expect(await recurring(gift.reference)).toMatchObject({
      status: 'active',
      next_charge_at: new Date(PERIOD_END * 1000),
    });
  });

  it('changes nothing on our side when Stripe refuses, and says so', async () => {
    const gift = await stripeMonthly('sub_refused');
    const guest = new TestBrowser(t);
    for (const fields of [{ action: 'amount', amount: '30' }, { action: 'pause' }] as Record<
      string,
      string
    >[]) {
      const refused = await guest.form(gift.path, { ...gift.pass, ...fields });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(PROVIDER_REFUSED);
    }
    expect(await recurring(gift.reference)).toMatchObject({
      amount_cents: 2_000,
      status: 'active',
      paused_at: null,
    });
  });

  it("updates the card on Stripe's setup page; its completion becomes the subscription's card", async () => {
    const gift = await stripeMonthly('sub_card');
    const guest = new TestBrowser(t);
    const started = await guest.form(gift.path, { ...gift.pass, action: 'card' });
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).toBe('https://checkout.stripe.com/c/pay/cs_setup');
    const session = stripe.requests.at(-1)!;
    expect(session.body).toMatchObject({
      mode: 'setup',
      customer: 'cus_donor',
      'metadata[cardForSubscription]': 'sub_card',
    });
    // Back to the gift's page, with the receipt's pass: nobody's data in the address.
    expect(session.body.success_url).toBe(
      `${t.config.appUrl}${gift.path}?${new URLSearchParams(gift.pass)}&done=card`,
    );

    const completed = JSON.stringify({
      id: 'evt_card_done',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_setup',
          object: 'checkout.session',
          mode: 'setup',
          setup_intent: 'seti_new',
          metadata: { cardForSubscription: 'sub_card' },
        },
      },
    });
    const res = await signed(completed);
    expect(res.status).toBe(200);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_card',
      body: { default_payment_method: 'pm_new_card' },
    });
  });
});

describe('a dispute of a renewal charge', () => {
  it('is linked to its gift through the invoice the gift kept, once however often it is delivered', async () => {
    const gift = await stripeMonthly('sub_dispute');
    const renewal = await giveGift(t.db, { candidateId: gift.candidateId, amountCents: 2_000 });
    const plan = await recurring(gift.reference);
    await t.db
      .updateTable('donations')
      .set({ recurring_id: plan.id, provider_payment_id: 'in_renewal_2' })
      .where('id', '=', renewal.id)
      .execute();
    const dispute = JSON.stringify({
      id: 'evt_dispute_renewal',
      object: 'event',
      type: 'charge.dispute.created',
      data: {
        object: {
          id: 'dp_renewal',
          object: 'dispute',
          amount: 2_000,
          charge: 'ch_renewal',
          payment_intent: 'pi_renewal',
          reason: 'fraudulent',
        },
      },
    });
    const asked = stripe.requests.length;
    for (let i = 0; i < 3; i++) expect((await signed(dispute)).status).toBe(200);
    // Stripe is asked for the invoice once: a redelivery finds the dispute recorded.
    const lookups = stripe.requests.slice(asked).filter((r) => r.path.startsWith('/v1/invoice_payments'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.path).toContain('payment[payment_intent]=pi_renewal');
    const rows = await t.db
      .selectFrom('payment_disputes')
      .selectAll()
      .where('dispute_id', '=', 'dp_renewal')
      .execute();
    expect(rows).toMatchObject([{ provider_payment_id: 'pi_renewal', invoice_id: 'in_renewal_2' }]);
    expect(await recurringTruth(t.db, gift.candidateId)).toMatchObject({
      monthlyCharges: 2,
      gifts: 2,
      disputed: 1,
    });
    // The gift knows too: its console detail says so; the monthly gift's first charge is not disputed.
    expect(await giftDetail(t.db, renewal.id)).toMatchObject({
      reference: renewal.reference,
      disputed: true,
    });
    expect(await giftDetail(t.db, gift.firstId)).toMatchObject({ disputed: false });
  });
});
