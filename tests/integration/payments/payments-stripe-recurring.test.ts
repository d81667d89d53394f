import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../../api/platform/logger';
import { STRIPE_SIGNATURE_HEADER } from '../../../api/ports/payments/stripe';
import { createTestApp, type TestApp } from '../../factories/test-app';

const WEBHOOK_SECRET = 'whsec_campaign_hq_recurring';
const helper = new Stripe('sk_test_helper');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_recurring', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
}, 120_000);
afterAll(() => t?.close());

function invoicePaid(id: string, payableKind: string) {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'invoice.paid',
    data: {
      object: {
        id: `in_${id}`,
        object: 'invoice',
        period_start: 1_780_000_000,
        period_end: 1_780_000_000,
        parent: {
          type: 'subscription_details',
          subscription_details: {
            metadata: { payableKind, payableReference: 'ref-1' },
            subscription: 'sub_test_9',
          },
        },
        lines: { object: 'list', data: [{ period: { start: 1_780_000_000, end: 1_782_600_000 } }] },
      },
    },
  });
}

describe('Stripe renewals through the webhook route', () => {
  it('refuses a signed invoice.paid whose payable kind no module owns, logs it and records nothing', async () => {
    const warn = vi.spyOn(log, 'warn');
    for (const kind of ['raffle', 'lottery']) {
      const id = `evt_stripe_unowned_${kind}`;
      const body = invoicePaid(id, kind);
      const res = await t.app.request('/api/payments/webhook', {
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
      expect(res.status).toBe(422);
      const stored = await t.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('event_id', '=', id)
        .execute();
      expect(stored).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`'${kind}'`));
    }
    warn.mockRestore();
  });
});
