import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRecurringGift } from '../../../api/modules/donations/cancel-recurring';
import { linkToken } from '../../../api/modules/donations/references';
import { refundDonation } from '../../../api/modules/donations/refunds';
import { startGift } from '../../../api/modules/donations/start-gift';
import { cancelMembership, subscribe } from '../../../api/modules/membership/lifecycle';
import { endLapsedSubscriptions } from '../../../api/modules/membership/upkeep';
import { createAppPayableOwners } from '../../../api/modules/payable-owners';
import { sendPendingRefunds } from '../../../api/modules/payments/provider-refunds';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../../api/modules/payments/webhook';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { createPaymentsPort, type PaymentsPort, type RefundRequest } from '../../../api/ports/payments';
import { TEST_CARDS, testPayableEvent } from '../../../api/ports/payments/test-gateway';
import { demoAccounts } from '../../factories/accounts';
import { aCandidate, aGift, aMember } from '../../factories/donations';
import { recurringPlanOf } from '../../factories/payables';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Money the app takes and does not keep goes back through the payments port's refund path
 * (docs/decisions/0073-payments-pay-once.md): a second charge for a paid gift, a second
 * subscription for one monthly gift or membership; and cancelling stops every subscription the
 * provider holds for it.
 */
let t: TestApp;
let deps: PaymentWebhookDeps;
const payments = () => createPaymentsPort(t.config, t.db);

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
}, 120_000);
afterAll(() => t?.close());

function refundsOf(reference: string) {
  return t.db
    .selectFrom('payment_refunds')
    .select(['reason', 'amount_cents', 'status', 'unkept_charge', 'provider_refund_id'])
    .where('payable_reference', '=', reference)
    .orderBy('id')
    .execute();
}

async function gatewayStatuses(reference: string) {
  const rows = await t.db
    .selectFrom('test_gateway_subscriptions')
    .select(['id', 'status'])
    .where('payable_reference', '=', reference)
    .orderBy('created_at')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

/** A port that records what it was asked to refund, as the provider would see it. */
function recordingPort(): { port: PaymentsPort; asked: RefundRequest[] } {
  const asked: RefundRequest[] = [];
  const base = payments();
  return {
    asked,
    port: {
      ...base,
      async refund(request) {
        asked.push(request);
        return base.refund(request);
      },
    },
  };
}

describe('a second charge for a paid one-off gift', () => {
  it('is refunded through the port once, and the gift can still be refunded by staff', async () => {
    const candidate = await aCandidate(t.db);
    const started = await startGift({ db: t.db, payments: payments() }, aGift(candidate.handle));
    const payable = { kind: 'donation', reference: started.reference };
    expect(await deliverTestGatewayEvent(deps, testPayableEvent(payable, { ok: true }))).toMatchObject({
      outcome: 'paid',
    });
    const second = testPayableEvent(payable, { ok: true });
    expect(await deliverTestGatewayEvent(deps, second)).toMatchObject({ outcome: 'refunded-duplicate' });
    // The same charge again, and under another event id: still one refund.
    await deliverTestGatewayEvent(deps, second);
    await deliverTestGatewayEvent(deps, { ...second, id: `${second.id}_again` });
    expect(await refundsOf(started.reference)).toEqual([
      {
        reason: 'duplicate',
        amount_cents: 5_000,
        status: 'pending',
        unkept_charge: second.providerPaymentId,
        provider_refund_id: null,
      },
    ]);

    const { port, asked } = recordingPort();
    await sendPendingRefunds(t.db, port);
    expect(asked).toContainEqual({
      providerPaymentId: second.providerPaymentId,
      amountCents: 5_000,
      idempotencyKey: `campaignhq-refund-charge-${second.providerPaymentId}`,
    });
    const [sent] = await refundsOf(started.reference);
    expect(sent).toMatchObject({
      status: 'sent',
      provider_refund_id: expect.stringMatching(/^test_refund_/),
    });

    const gift = await t.db
      .selectFrom('donations')
      .select(['id', 'status'])
      .where('reference', '=', started.reference)
      .executeTakeFirstOrThrow();
    expect(gift.status).toBe('paid');
    // Staff see it on the gift's console detail.
    await demoAccounts(t.db, 'finance');
    const finance = await signedIn(t, STAFF_EMAIL.FINANCE);
    const detail = await rest(finance, 'GET', `/donations/${gift.id}`);
    expect(detail.json.charges_given_back).toMatchObject([
      { reason: 'duplicate', amount_cents: 5_000, status: 'sent' },
    ]);
    const staff = await aMember(t.db);
    await refundDonation(
      { db: t.db, email: deps.email },
      { donationId: Number(gift.id), reason: 'Donor asked', staffUserId: staff.id },
    );
    expect((await refundsOf(started.reference)).map((r) => r.reason)).toEqual(['duplicate', null]);
  });
});

describe('a second subscription for one monthly gift', () => {
  it('is stopped and its charge refunded; cancelling the gift stops every subscription held for it', async () => {
    const candidate = await aCandidate(t.db);
    const started = await startGift(
      { db: t.db, payments: payments() },
      aGift(candidate.handle, { frequency: 'monthly', amountCents: 2_500 }),
    );
    const plan = await recurringPlanOf(t.db, started.payUrl);
    const first = await startTestSubscription(deps, plan, TEST_CARDS.succeeds);
    const second = await startTestSubscription(deps, plan, TEST_CARDS.succeeds);
    const reference = plan.payable.reference;
    expect(await gatewayStatuses(reference)).toEqual({ [first!]: 'active', [second!]: 'cancelled' });
    expect(await refundsOf(reference)).toEqual([
      {
        reason: 'duplicate',
        amount_cents: 2_500,
        status: 'pending',
        unkept_charge: `evt_${second}_1`,
        provider_refund_id: null,
      },
    ]);
    const paid = await t.db
      .selectFrom('donations as d')
      .innerJoin('recurring_donations as r', 'r.id', 'd.recurring_id')
      .select('d.status')
      .where('r.reference', '=', reference)
      .execute();
    expect(paid).toEqual([{ status: 'paid' }]);

    // A subscription the provider holds that the gift never recorded (as the old page left them).
    await t.db
      .updateTable('test_gateway_subscriptions')
      .set({ status: 'active' })
      .where('id', '=', second!)
      .execute();
    const token = linkToken(t.config.appSecret, 'donation-cancel', reference);
    await cancelRecurringGift({ db: t.db, config: t.config }, reference, token);
    expect(await gatewayStatuses(reference)).toEqual({ [first!]: 'cancelled', [second!]: 'cancelled' });
  });
});

describe('several subscriptions for one membership', () => {
  it('a second one is stopped and refunded; ending the membership stops every one', async () => {
    const member = await aCandidate(t.db);
    const started = await subscribe({ db: t.db, payments: payments() }, member.id, { tier: 'campaign' });
    const plan = await recurringPlanOf(t.db, started.payUrl);
    const now = new Date();
    const first = await startTestSubscription(deps, plan, TEST_CARDS.succeeds, now);
    const second = await startTestSubscription(deps, plan, TEST_CARDS.succeeds, now);
    expect(await gatewayStatuses(started.reference)).toEqual({ [first!]: 'active', [second!]: 'cancelled' });
    expect(await refundsOf(started.reference)).toMatchObject([
      { reason: 'duplicate', amount_cents: 2_900, status: 'pending', unkept_charge: `evt_${second}_1` },
    ]);
    // Finance sees it on the subscription revenue screen, with the member it goes back to.
    await demoAccounts(t.db, 'finance');
    const finance = await signedIn(t, STAFF_EMAIL.FINANCE);
    const screen = await rest(finance, 'GET', '/subscription-revenue/last-12-months');
    expect(screen.status).toBe(200);
    const { email } = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(screen.json.chargesGivenBack).toMatchObject([
      { reference: started.reference, email, reason: 'duplicate', amount_cents: 2_900, status: 'pending' },
    ]);

    // Two more the provider still holds (left by the old page, before checkouts completed once).
    await t.db
      .updateTable('test_gateway_subscriptions')
      .set({ status: 'active' })
      .where('id', '=', second!)
      .execute();
    const third = await startTestSubscription(deps, plan, TEST_CARDS.succeeds, now);
    await t.db
      .updateTable('test_gateway_subscriptions')
      .set({ status: 'active' })
      .where('id', '=', third!)
      .execute();
    await cancelMembership({ ...deps, config: t.config }, member.id, now);
    const afterPeriod = new Date(now.getTime() + 40 * 24 * 60 * 60 * 1000);
    expect(await endLapsedSubscriptions({ ...deps, config: t.config }, afterPeriod)).toBeGreaterThanOrEqual(
      1,
    );
    expect(Object.values(await gatewayStatuses(started.reference))).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });
});
