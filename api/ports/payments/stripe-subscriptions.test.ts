import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeStripe, stripeError, stripeSubscription } from '../../../tests/factories/fake-stripe';
import { STRIPE_SIGNATURE_HEADER, stripeGateway } from './stripe';

/**
 * A donor's changes to a Stripe subscription (docs/decisions/0094-refcodes-and-honest-monthly.md),
 * against a local fake of Stripe's API: the requests the port makes and how it reads the answers.
 */
const SECRET = 'whsec_test_subscription_changes';
const PERIOD_END = Date.UTC(2099, 2, 10) / 1000;
let stripe: Awaited<ReturnType<typeof fakeStripe>>;

beforeAll(async () => {
  stripe = await fakeStripe(({ method, path, body }) => {
    if (path.includes('sub_refused')) return stripeError('No such subscription: sub_refused');
    if (path.startsWith('/v1/subscriptions/')) {
      const id = path.split('/')[3]!;
      const paused = body['pause_collection[behavior]'] ? { behavior: 'void' } : null;
      const amount = Number(body['items[0][price_data][unit_amount]'] ?? 2_000);
      return {
        body: stripeSubscription(id, amount, PERIOD_END, {
          pause_collection: method === 'POST' ? paused : null,
        }),
      };
    }
    if (path.startsWith('/v1/checkout/sessions'))
      return {
        body: {
          id: 'cs_setup_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_setup_1',
        },
      };
    if (path.startsWith('/v1/setup_intents/'))
      return { body: { id: 'seti_1', object: 'setup_intent', payment_method: 'pm_new_card' } };
    if (path.startsWith('/v1/invoice_payments'))
      return {
        body: {
          object: 'list',
          data: path.includes('pi_renewal')
            ? [{ id: 'inpay_1', object: 'invoice_payment', invoice: 'in_renewal' }]
            : [],
        },
      };
    return stripeError(`unexpected ${method} ${path}`);
  });
}, 10_000);
afterAll(() => stripe?.close());

const gateway = () =>
  stripeGateway({
    secretKey: 'sk_test_local',
    webhookSecret: SECRET,
    appUrl: 'https://hq.example.org',
    api: stripe.api,
  });
const last = () => stripe.requests.at(-1)!;

describe('Stripe changeRecurring', () => {
  it('sets the new amount on the subscription item from the next invoice, without proration', async () => {
    const { nextChargeAt } = await gateway().changeRecurring('sub_live', { amountCents: 4_000 });
    expect(stripe.requests.at(-2)).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_live' });
    expect(last()).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_live' });
    expect(last().body).toEqual({
      'items[0][id]': 'si_sub_live',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][product]': 'prod_monthly_gift',
      'items[0][price_data][unit_amount]': '4000',
      'items[0][price_data][recurring][interval]': 'month',
      proration_behavior: 'none',
    });
    expect(nextChargeAt).toEqual(new Date(PERIOD_END * 1000));
  });

  it('pauses with pause_collection (the paused months voided, never charged later) and resumes by clearing it', async () => {
    expect(await gateway().changeRecurring('sub_live', { paused: true })).toEqual({ nextChargeAt: null });
    expect(last()).toMatchObject({ method: 'POST', body: { 'pause_collection[behavior]': 'void' } });
    expect(await gateway().changeRecurring('sub_live', { paused: false })).toEqual({
      nextChargeAt: new Date(PERIOD_END * 1000),
    });
    expect(last()).toMatchObject({ method: 'POST', body: { pause_collection: '' } });
  });

  it('throws when Stripe refuses', async () => {
    await expect(gateway().changeRecurring('sub_refused', { paused: true })).rejects.toThrow(/sub_refused/);
  });
});

describe('Stripe card update', () => {
  it("opens a setup-mode Checkout Session for the subscription's customer", async () => {
    const { url } = await gateway().startCardUpdate({
      subscriptionId: 'sub_live',
      payable: { kind: 'donation', reference: 'REC-CARD0001' },
      amountCents: 2_000,
      interval: 'month',
      email: 'donor@example.test',
      description: 'Monthly donation to Casey Candidate',
      successPath: '/giving/monthly/REC-CARD0001?done=card',
      cancelPath: '/giving/monthly/REC-CARD0001',
    });
    expect(url).toBe('https://checkout.stripe.com/c/pay/cs_setup_1');
    expect(last().body).toEqual({
      mode: 'setup',
      currency: 'usd',
      customer: 'cus_donor',
      'metadata[cardForSubscription]': 'sub_live',
      'setup_intent_data[metadata][cardForSubscription]': 'sub_live',
      'setup_intent_data[description]': 'Monthly donation to Casey Candidate',
      success_url: 'https://hq.example.org/giving/monthly/REC-CARD0001?done=card',
      cancel_url: 'https://hq.example.org/giving/monthly/REC-CARD0001',
    });
  });

  it("reads the session's completion as a card update, and makes its card the subscription's default", async () => {
    const body = JSON.stringify({
      id: 'evt_setup_done',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_setup_1',
          object: 'checkout.session',
          mode: 'setup',
          setup_intent: 'seti_1',
          metadata: { cardForSubscription: 'sub_live' },
        },
      },
    });
    const header = new Stripe('sk_test_helper').webhooks.generateTestHeaderString({
      payload: body,
      secret: SECRET,
    });
    const notice = gateway().verifyWebhook(body, new Headers({ [STRIPE_SIGNATURE_HEADER]: header }));
    expect(notice).toEqual({
      cardUpdate: true,
      id: 'evt_setup_done',
      subscriptionId: 'sub_live',
      setupId: 'seti_1',
    });
    await gateway().applyUpdatedCard(notice as Extract<typeof notice, { cardUpdate: true }>);
    expect(stripe.requests.at(-2)).toMatchObject({ method: 'GET', path: '/v1/setup_intents/seti_1' });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions/sub_live',
      body: { default_payment_method: 'pm_new_card' },
    });
  });
});

describe('Stripe invoiceOfPayment', () => {
  it('names the invoice a PaymentIntent paid, and none for a one-off payment', async () => {
    expect(await gateway().invoiceOfPayment('pi_renewal')).toBe('in_renewal');
    expect(last().path).toContain('payment[payment_intent]=pi_renewal');
    expect(await gateway().invoiceOfPayment('pi_one_off')).toBeNull();
    // A charge id (a dispute without a PaymentIntent) asks nothing.
    const asked = stripe.requests.length;
    expect(await gateway().invoiceOfPayment('ch_1')).toBeNull();
    expect(stripe.requests).toHaveLength(asked);
  });
});
