import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckout } from '../../../api/modules/shop/checkout';
import { applyPaymentEvent } from '../../../api/modules/shop/orders';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { createPaymentsPort } from '../../../api/ports/payments';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { ADDRESS, aBuyer, payOrder, seedShopFixture } from '../../factories/shop';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * An order's pay page completes once, and a charge the shop does not keep goes back through the
 * payments port (docs/decisions/0073-payments-pay-once.md): a second charge for a paid order, or
 * a charge that arrives after the order was cancelled, is recorded as a refund staff can see.
 */
let t: TestApp;
let finance: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'finance');
  finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);
}, 120_000);
afterAll(() => t?.close());

async function startOrder() {
  const { variantIds } = await seedShopFixture(t.db);
  return startCheckout(
    t.db,
    createPaymentsPort(t.config),
    { items: [{ variantId: variantIds[0]!, quantity: 1 }], ...ADDRESS },
    aBuyer(),
  );
}

/** The pay page's form as the browser posts it: its token and a card that pays. */
function payForm(payUrl: string) {
  const token = new URL(payUrl, 'http://x').searchParams.get('token')!;
  return new URLSearchParams({ token, card: TEST_CARDS.succeeds }).toString();
}

const submit = (payUrl: string) =>
  t.post(new URL(payUrl, 'http://x').pathname, payForm(payUrl), {
    'content-type': 'application/x-www-form-urlencoded',
  });

async function orderOf(number: string) {
  return t.db
    .selectFrom('orders')
    .select(['id', 'status', 'total_cents', 'provider_payment_id'])
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
}

async function chargesOf(orderId: number) {
  return t.db
    .selectFrom('payment_events')
    .select('event_id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'payment.succeeded')
    .execute();
}

const refundsOf = (number: string) =>
  t.db
    .selectFrom('payment_refunds')
    .select(['unkept_charge', 'reason', 'amount_cents', 'status'])
    .where('payable_kind', '=', 'order')
    .where('payable_reference', '=', number)
    .execute();

describe('the order pay page completes once', () => {
  for (const mode of ['sequential', 'parallel'] as const) {
    it(`takes one charge when its form is posted three times (${mode})`, async () => {
      const started = await startOrder();
      const answers =
        mode === 'parallel'
          ? await Promise.all([submit(started.payUrl), submit(started.payUrl), submit(started.payUrl)])
          : [await submit(started.payUrl), await submit(started.payUrl), await submit(started.payUrl)];
      for (const answer of answers) {
        expect(answer.status).toBe(303);
        expect(answer.headers.get('location')).toBe(`/ordersuccess?order=${started.orderNumber}`);
      }
      const order = await orderOf(started.orderNumber);
      expect(order.status).toBe('paid');
      expect(await chargesOf(order.id)).toHaveLength(1);
      expect(await refundsOf(started.orderNumber)).toEqual([]);
    });
  }
});

describe('a charge the shop does not keep', () => {
  it('gives a second charge for a paid order back through the port, once, and shows it to staff', async () => {
    const started = await startOrder();
    await payOrder(t.db, started.orderNumber);
    const order = await orderOf(started.orderNumber);
    const second = {
      id: `evt_second_${started.orderNumber}`,
      type: 'payment.succeeded' as const,
      orderNumber: started.orderNumber,
      providerPaymentId: `pi_second_${started.orderNumber}`,
    };
    await applyPaymentEvent(t.db, outboxEmail(), second);
    // The provider sends the same charge again: still one refund.
    await applyPaymentEvent(t.db, outboxEmail(), { ...second, id: `${second.id}_again` });
    // The charge that paid it, under another event id: nothing to give back.
    await applyPaymentEvent(t.db, outboxEmail(), {
      ...second,
      id: `evt_redelivered_${started.orderNumber}`,
      providerPaymentId: order.provider_payment_id!,
    });

    expect(await refundsOf(started.orderNumber)).toEqual([
      {
        unkept_charge: second.providerPaymentId,
        reason: 'duplicate',
        amount_cents: order.total_cents,
        status: 'pending',
      },
    ]);
    expect((await orderOf(started.orderNumber)).status).toBe('paid');

    const detail = await rest(finance, 'GET', `/orders/${order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.json.charges_given_back).toMatchObject([
      { reason: 'duplicate', amount_cents: order.total_cents, status: 'pending' },
    ]);
  });

  it('gives back a charge that arrives after the order was cancelled', async () => {
    const started = await startOrder();
    await applyPaymentEvent(t.db, outboxEmail(), {
      id: `evt_declined_${started.orderNumber}`,
      type: 'payment.failed',
      orderNumber: started.orderNumber,
      reason: 'Your card was declined.',
    });
    await applyPaymentEvent(t.db, outboxEmail(), {
      id: `evt_late_${started.orderNumber}`,
      type: 'payment.succeeded',
      orderNumber: started.orderNumber,
      providerPaymentId: `pi_late_${started.orderNumber}`,
    });
    const order = await orderOf(started.orderNumber);
    expect(order.status).toBe('cancelled');
    expect(await refundsOf(started.orderNumber)).toEqual([
      {
        unkept_charge: `pi_late_${started.orderNumber}`,
        reason: 'superseded',
        amount_cents: order.total_cents,
        status: 'pending',
      },
    ]);
  });
});
