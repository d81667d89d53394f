import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { runPaymentRefunds } from '../../../api/doors/queue-handlers/payment-refunds';
import { startGift } from '../../../api/modules/donations/start-gift';
import { REFUND_ATTEMPTS, sendPendingRefunds } from '../../../api/modules/payments/provider-refunds';
import { createPaymentsPort, type PaymentsPort } from '../../../api/ports/payments';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { aCandidate, aGift, giveGift } from '../../factories/donations';
import { gifts, PRIMARY_DAY, pay, setUpGivingApp, t } from '../../factories/giving-harness';
import { placePaidOrder } from '../../factories/shop';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import type { TestBrowser } from '../../factories/test-app';

/**
 * Refunds reach the payment provider (docs/decisions/0030-provider-refunds.md): staff mark an
 * order or a gift refunded, the refund to send commits with it, and the payment-refunds job gives
 * the money back through the provider, once, retrying what the provider could not take.
 */
setUpGivingApp();
let finance: TestBrowser;
beforeAll(async () => {
  await demoAccounts(t.db, 'finance');
  finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);
});

const refundOf = (kind: string, reference: string) =>
  t.db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('payable_kind', '=', kind)
    .where('payable_reference', '=', reference)
    .executeTakeFirst();

/** A provider that refuses the first `failures` refunds, then takes them, and remembers each call. */
function flakyProvider(failures: number) {
  const calls: Parameters<PaymentsPort['refund']>[0][] = [];
  const port = {
    ...createPaymentsPort(t.config),
    async refund(request: Parameters<PaymentsPort['refund']>[0]) {
      calls.push(request);
      if (calls.length <= failures) throw new Error('Stripe is unavailable');
      return { refundId: `re_${calls.length}` };
    },
  } satisfies PaymentsPort;
  return { port, calls };
}

describe('a refunded order', () => {
  it('records the refund with the status and sends it once to the provider, for the total', async () => {
    const order = await placePaidOrder(t.db, t.config);
    const moved = await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'refunded' });
    expect(moved.status).toBe(200);
    expect(await refundOf('order', order.number)).toMatchObject({
      status: 'pending',
      provider_payment_id: `pi_${order.number}`,
    });
    const total = await t.db
      .selectFrom('orders')
      .select('total_cents')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();

    await runPaymentRefunds(t.db, t.config);
    expect(await refundOf('order', order.number)).toMatchObject({
      status: 'sent',
      amount_cents: total.total_cents,
      attempts: 1,
      provider_refund_id: `test_refund_campaignhq-refund-order-${order.number}`,
    });
    expect((await rest(finance, 'GET', `/orders/${order.id}`)).json).toMatchObject({
      provider_refund: {
        status: 'sent',
        provider_refund_id: `test_refund_campaignhq-refund-order-${order.number}`,
      },
    });
    // Nothing left: a second run sends nothing again.
    await runPaymentRefunds(t.db, t.config);
    expect((await refundOf('order', order.number))?.attempts).toBe(1);
  });

  it('records nothing when the move is refused', async () => {
    const order = await placePaidOrder(t.db, t.config);
    expect((await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'delivered' })).status).toBe(400);
    expect(await refundOf('order', order.number)).toBeUndefined();
  });
});

describe('a refunded gift', () => {
  it('keeps the charge id from the payment and refunds that charge', async () => {
    const candidate = await aCandidate(t.db);
    const started = await startGift(
      gifts,
      aGift(candidate.handle, { amountCents: 7_500 }),
      undefined,
      PRIMARY_DAY,
    );
    await pay(started.reference);
    const gift = await t.db
      .selectFrom('donations')
      .select(['id', 'provider_payment_id'])
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(gift.provider_payment_id).toMatch(/^evt_/);

    const res = await rest(finance, 'POST', '/donation-refunds', {
      donationId: Number(gift.id),
      reason: 'Donor asked for it back',
    });
    expect(res.status).toBe(201);
    expect(await refundOf('donation', started.reference)).toMatchObject({
      status: 'pending',
      provider_payment_id: gift.provider_payment_id,
      amount_cents: 7_500,
    });
    await runPaymentRefunds(t.db, t.config);
    expect((await refundOf('donation', started.reference))?.status).toBe('sent');
    // The console's gift detail says where the money is.
    const detail = await rest(finance, 'GET', `/donations/${gift.id}`);
    expect(detail.json).toMatchObject({ status: 'refunded', provider_refund: { status: 'sent' } });
  });

  it("is left to staff ('manual') when it was paid before charge ids were kept", async () => {
    const candidate = await aCandidate(t.db);
    const old = await giveGift(t.db, { candidateId: candidate.id, amountCents: 2_000 });
    const res = await rest(finance, 'POST', '/donation-refunds', {
      donationId: Number(old.id),
      reason: 'Asked',
    });
    expect(res.status).toBe(201);
    expect(await refundOf('donation', old.reference)).toMatchObject({
      status: 'manual',
      provider_payment_id: null,
    });
    await runPaymentRefunds(t.db, t.config);
    expect(await refundOf('donation', old.reference)).toMatchObject({ status: 'manual', attempts: 0 });
  });
});

describe('sending refunds', () => {
  /** A paid order refunded by staff, its refund the only one waiting (earlier tests' are cleared). */
  const onlyRefund = async () => {
    const order = await placePaidOrder(t.db, t.config);
    await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'refunded' });
    await t.db.deleteFrom('payment_refunds').where('payable_reference', '!=', order.number).execute();
    return order;
  };

  it('keeps a refund the provider could not take, with its error, and sends it with the same key later', async () => {
    const order = await onlyRefund();
    const { port, calls } = flakyProvider(1);

    expect(await sendPendingRefunds(t.db, port)).toEqual({ sent: 0, left: 1 });
    expect(await refundOf('order', order.number)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Stripe is unavailable',
    });
    expect(await sendPendingRefunds(t.db, port)).toEqual({ sent: 1, left: 0 });
    expect(await refundOf('order', order.number)).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
    });
    expect(calls.map((c) => c.idempotencyKey)).toEqual([
      `campaignhq-refund-order-${order.number}`,
      `campaignhq-refund-order-${order.number}`,
    ]);
  });

  it(`gives up after ${REFUND_ATTEMPTS} refusals and marks it failed for staff`, async () => {
    const order = await onlyRefund();
    const { port } = flakyProvider(REFUND_ATTEMPTS + 5);
    for (let i = 0; i < REFUND_ATTEMPTS; i++) await sendPendingRefunds(t.db, port);
    expect(await refundOf('order', order.number)).toMatchObject({
      status: 'failed',
      attempts: REFUND_ATTEMPTS,
    });
    expect(await sendPendingRefunds(t.db, port)).toEqual({ sent: 0, left: 0 });
  });

  it('sends again a refund whose sender died mid-call, but not one still being sent', async () => {
    const order = await onlyRefund();
    await t.db
      .updateTable('payment_refunds')
      .set({ status: 'sending', attempts: 1, updated_at: sql`now() - interval '1 minute'` })
      .where('payable_reference', '=', order.number)
      .execute();
    const { port, calls } = flakyProvider(0);
    expect(await sendPendingRefunds(t.db, port)).toEqual({ sent: 0, left: 1 });
    expect(calls).toHaveLength(0);

    await t.db
      .updateTable('payment_refunds')
      .set({ updated_at: sql`now() - interval '11 minutes'` })
      .where('payable_reference', '=', order.number)
      .execute();
    expect(await sendPendingRefunds(t.db, port)).toEqual({ sent: 1, left: 0 });
    expect(await refundOf('order', order.number)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
