import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeGateway } from './stripe';

const SECRET = 'whsec_test_secret_for_disputes';
const helper = new Stripe('sk_test_helper');
const gateway = stripeGateway({
  secretKey: 'sk_test_unused',
  webhookSecret: SECRET,
  appUrl: 'https://hq.example.org',
});

function verify(body: string) {
  const header = helper.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
  return gateway.verifyWebhook(body, new Headers({ 'stripe-signature': header }));
}

describe('a Stripe dispute', () => {
  it('is read as a dispute of the charge its PaymentIntent names (docs/decisions/0094)', () => {
    const body = JSON.stringify({
      id: 'evt_dispute_1',
      object: 'event',
      type: 'charge.dispute.created',
      data: {
        object: {
          id: 'dp_1',
          object: 'dispute',
          amount: 5_000,
          charge: 'ch_1',
          payment_intent: 'pi_1',
          reason: 'fraudulent',
        },
      },
    });
    expect(verify(body)).toEqual({
      dispute: true,
      id: 'evt_dispute_1',
      disputeId: 'dp_1',
      providerPaymentId: 'pi_1',
      amountCents: 5_000,
      reason: 'fraudulent',
    });
  });
});
