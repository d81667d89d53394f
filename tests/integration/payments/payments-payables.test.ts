import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayableOwners } from '../../../api/modules/payments/owners';
import { deliverTestGatewayEvent } from '../../../api/modules/payments/test-gateway-delivery';
import {
  chargeDueRenewals,
  keepTestCard,
  startTestSubscription,
} from '../../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../../api/modules/payments/webhook';
import { startCheckout } from '../../../api/modules/shop/checkout';
import { orderPayments } from '../../../api/modules/shop/order-payments';
import { log } from '../../../api/platform/logger';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { createPaymentsPort } from '../../../api/ports/payments';
import { SIGNATURE_HEADER, signWebhook, TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { countingOwner, monthlyPlan } from '../../factories/payables';
import { ADDRESS, aBuyer, seedShopFixture } from '../../factories/shop';
import { createTestApp, type TestApp } from '../../factories/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

function webhook(body: string) {
  return t.app.request('/api/payments/webhook', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(t.config.appSecret, body),
    },
  });
}

async function recordedEvents(eventId: string) {
  return t.db.selectFrom('payment_events').selectAll().where('event_id', '=', eventId).execute();
}

function countingSubscriptions() {
  const { owner, applied } = countingOwner();
  // The app's owner of orders plus this one in place of the membership module's.
  const deps: PaymentWebhookDeps = {
    db: t.db,
    email: outboxEmail(),
    config: t.config,
    owners: new PayableOwners().register('order', orderPayments).register('subscription', owner),
  };
  return { applied, deps };
}

const plan = monthlyPlan;

describe('the payments webhook hands each event to the owner of its kind', () => {
  it('refuses (422) and logs a validly signed event for a kind no module owns; nothing is recorded', async () => {
    const warn = vi.spyOn(log, 'warn');
    for (const kind of ['raffle', 'lottery']) {
      const id = `evt_unowned_${kind}`;
      const body = JSON.stringify({
        id,
        type: 'payment.succeeded',
        payable: { kind, reference: 'd-1' },
      });
      const res = await webhook(body);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ received: false, outcome: 'unowned-payable' });
      expect(await recordedEvents(id)).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`no module owns payable kind '${kind}'`));
    }
  });

  it('applies an order payment replayed 5 times once, recording its payable', async () => {
    const { variantIds } = await seedShopFixture(t.db);
    const started = await startCheckout(
      t.db,
      createPaymentsPort(t.config),
      { items: [{ variantId: variantIds[0]!, quantity: 1 }], ...ADDRESS },
      aBuyer(),
    );
    const id = `evt_order_${started.orderNumber}`;
    const body = JSON.stringify({ id, type: 'payment.succeeded', orderNumber: started.orderNumber });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++)
      outcomes.push(((await (await webhook(body)).json()) as { outcome: string }).outcome);
    expect(outcomes).toEqual(['paid', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await recordedEvents(id)).toMatchObject([
      { kind: 'payment.succeeded', payable_kind: 'order', payable_reference: started.orderNumber },
    ]);
  });

  it('applies a recurring test charge replayed 5 times once', async () => {
    const { applied, deps } = countingSubscriptions();
    const subscriptionId = await startTestSubscription(deps, plan('membership-replay'), TEST_CARDS.succeeds);
    expect(subscriptionId).toMatch(/^tgsub_/);
    expect(applied).toHaveLength(1);
    const first = applied[0]!;
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await deliverTestGatewayEvent(deps, first)).outcome);
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(applied).toHaveLength(1);
    expect(await recordedEvents(first.id)).toMatchObject([
      { payable_kind: 'subscription', payable_reference: 'membership-replay', order_id: null },
    ]);
  });
});

describe('test gateway renewals (chargeDueRenewals)', () => {
  it('charges a renewal once per period, however often and however concurrently it runs', async () => {
    const { applied, deps } = countingSubscriptions();
    const start = new Date('2026-01-15T10:00:00Z');
    const id = await startTestSubscription(deps, plan('membership-clock'), TEST_CARDS.succeeds, start);
    const mine = () => applied.filter((e) => e.subscriptionId === id);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.period).toEqual({ start: '2026-01-15T10:00:00.000Z', end: '2026-02-15T10:00:00.000Z' });

    // Not due yet.
    await chargeDueRenewals(deps, new Date('2026-02-15T09:59:59Z'));
    expect(mine()).toHaveLength(1);

    // Due: two runners at once, then a re-run at the same moment, make one charge.
    const due = new Date('2026-02-15T10:00:01Z');
    await Promise.all([chargeDueRenewals(deps, due), chargeDueRenewals(deps, due)]);
    await chargeDueRenewals(deps, due);
    expect(mine()).toHaveLength(2);
    expect(mine()[1]).toMatchObject({
      type: 'payment.succeeded',
      payable: { kind: 'subscription', reference: 'membership-clock' },
      period: { start: '2026-02-15T10:00:00.000Z', end: '2026-03-15T10:00:00.000Z' },
    });

    // One period further on the clock: exactly one more charge, with its own event id.
    const nextMonth = new Date('2026-03-15T10:00:01Z');
    await chargeDueRenewals(deps, nextMonth);
    await chargeDueRenewals(deps, nextMonth);
    expect(mine()).toHaveLength(3);
    expect(new Set(mine().map((e) => e.id)).size).toBe(3);
    expect(mine()[2]!.period?.start).toBe('2026-03-15T10:00:00.000Z');
  });

  it('reports a declined renewal as payment.failed, retries it 1, 3 and 5 days later, then stops', async () => {
    const { applied, deps } = countingSubscriptions();
    const start = new Date('2026-05-01T00:00:00Z');
    const id = await startTestSubscription(
      deps,
      plan('membership-declines'),
      TEST_CARDS.renewalsDeclined,
      start,
    );
    const mine = () => applied.filter((e) => e.subscriptionId === id);
    const at = (iso: string) => chargeDueRenewals(deps, new Date(iso));
    await at('2026-06-01T00:00:01Z');
    expect(mine().map((e) => e.type)).toEqual(['payment.succeeded', 'payment.failed']);
    // Not again until its retry is due, however often the job runs.
    await at('2026-06-01T23:59:59Z');
    expect(mine()).toHaveLength(2);
    for (const day of ['2026-06-02T00:00:01Z', '2026-06-04T00:00:01Z', '2026-06-06T00:00:01Z']) {
      await at(day);
      await at(day);
    }
    // Four declined tries of the same period, each its own event; then nothing, even months later.
    await at('2026-09-01T00:00:01Z');
    const failed = mine().slice(1);
    expect(failed.map((e) => e.type)).toEqual(Array(4).fill('payment.failed'));
    expect(new Set(failed.map((e) => e.id)).size).toBe(4);
    expect(new Set(failed.map((e) => e.period?.start))).toEqual(new Set(['2026-06-01T00:00:00.000Z']));
    const row = await t.db
      .selectFrom('test_gateway_subscriptions')
      .select(['status', 'retry_at', 'declined_tries'])
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'past_due', retry_at: null, declined_tries: 4 });
  });

  it('charges a retry on the card the payer updated, and renews as before from then on', async () => {
    const { applied, deps } = countingSubscriptions();
    const id = await startTestSubscription(
      deps,
      plan('membership-new-card'),
      TEST_CARDS.renewalsDeclined,
      new Date('2026-05-01T00:00:00Z'),
    );
    const mine = () => applied.filter((e) => e.subscriptionId === id);
    await chargeDueRenewals(deps, new Date('2026-06-01T00:00:01Z'));
    await deps.db
      .transaction()
      .execute((trx) =>
        keepTestCard(
          trx,
          id!,
          { kind: 'subscription', reference: 'membership-new-card' },
          TEST_CARDS.succeeds,
        ),
      );
    await chargeDueRenewals(deps, new Date('2026-06-02T00:00:01Z'));
    expect(mine().map((e) => e.type)).toEqual(['payment.succeeded', 'payment.failed', 'payment.succeeded']);
    // The retry pays the declined period; the next month's charge comes on its usual day.
    expect(mine()[2]!.period).toEqual({ start: '2026-06-01T00:00:00.000Z', end: '2026-07-01T00:00:00.000Z' });
    await chargeDueRenewals(deps, new Date('2026-06-30T23:59:59Z'));
    await chargeDueRenewals(deps, new Date('2026-07-01T00:00:01Z'));
    expect(mine().map((e) => e.type)).toHaveLength(4);
    expect(mine()[3]).toMatchObject({
      type: 'payment.succeeded',
      period: { start: '2026-07-01T00:00:00.000Z' },
    });
  });

  it('charges a renewal whose due time the database wrote to the microsecond (a resume’s now())', async () => {
    const { applied, deps } = countingSubscriptions();
    const id = await startTestSubscription(deps, plan('membership-micro'), TEST_CARDS.succeeds);
    await t.db
      .updateTable('test_gateway_subscriptions')
      .set({ next_charge_at: sql<Date>`now() - interval '1 minute' + interval '0.000123 seconds'` })
      .where('id', '=', id!)
      .execute();
    expect(await chargeDueRenewals(deps, new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    expect(applied.filter((e) => e.subscriptionId === id)).toHaveLength(2);
  });

  it('leaves the card of another payable’s subscription alone', async () => {
    const { deps } = countingSubscriptions();
    const id = await startTestSubscription(
      deps,
      plan('membership-not-mine'),
      TEST_CARDS.renewalsDeclined,
      new Date('2026-05-01T00:00:00Z'),
    );
    await deps.db
      .transaction()
      .execute((trx) =>
        keepTestCard(trx, id!, { kind: 'subscription', reference: 'someone-else' }, TEST_CARDS.succeeds),
      );
    const row = await t.db
      .selectFrom('test_gateway_subscriptions')
      .select('declines_renewals')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row.declines_renewals).toBe(true);
  });

  it('keeps no subscription when the first charge is declined', async () => {
    const { applied, deps } = countingSubscriptions();
    expect(await startTestSubscription(deps, plan('membership-declined'), TEST_CARDS.declined)).toBeNull();
    expect(applied).toMatchObject([{ type: 'payment.failed', reason: 'Your card was declined.' }]);
    const rows = await t.db
      .selectFrom('test_gateway_subscriptions')
      .select('id')
      .where('payable_reference', '=', 'membership-declined')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("the test gateway's recurring pay page", () => {
  it('shows the price per month, takes the first charge and keeps the subscription for the runner', async () => {
    const { url } = await createPaymentsPort(t.config, t.db).startRecurring(plan('membership-page'));
    const page = await t.app.request(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Subscribe $15.00 / month');
    const res = await t.post(url, new URLSearchParams({ card: TEST_CARDS.succeeds }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account');
    const rows = await t.db
      .selectFrom('test_gateway_subscriptions')
      .select(['amount_cents', 'billing_interval', 'status'])
      .where('payable_reference', '=', 'membership-page')
      .execute();
    expect(rows).toEqual([{ amount_cents: 1500, billing_interval: 'month', status: 'active' }]);
  });

  it('opens nothing for a checkout id it never issued, nor for the old signed-plan address', async () => {
    const { url } = await createPaymentsPort(t.config, t.db).startRecurring(plan('membership-forged'));
    const forged = url.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await t.app.request(forged)).status).toBe(404);
    expect((await t.post(forged, new URLSearchParams({ card: TEST_CARDS.succeeds }))).status).toBe(404);
    expect((await t.app.request('/pay/payable?plan=e30&sig=AAAA')).status).toBe(404);
    const kept = await t.db
      .selectFrom('test_gateway_subscriptions')
      .select('id')
      .where('payable_reference', '=', 'membership-forged')
      .execute();
    expect(kept).toEqual([]);
  });
});
