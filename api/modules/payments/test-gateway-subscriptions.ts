import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PaymentEvent, RecurringRequest } from '../../ports/payments';
import { chargeTestCard, TEST_CARDS, testPayableEvent } from '../../ports/payments/test-gateway';
import { deliverTestGatewayEvent } from './test-gateway-delivery';
import type { PaymentWebhookDeps } from './webhook';

/** `next_charge_at` one interval later, computed by the database (calendar months, not 30 days). */
const nextPeriod = sql<Date>`next_charge_at + ('1 ' || billing_interval)::interval`;

/**
 * Keeps a subscription whose first charge went through, in the caller's transaction (the pay page
 * completes its checkout in the same one), and answers the first charge's event to deliver after
 * commit. The first period starts `now` and ends where the first renewal is due.
 */
export async function openTestSubscription(
  trx: Transaction<Database>,
  plan: RecurringRequest,
  card: string,
  now = new Date(),
): Promise<{ subscriptionId: string; event: PaymentEvent }> {
  const subscription = await trx
    .insertInto('test_gateway_subscriptions')
    .values({
      id: `tgsub_${randomUUID()}`,
      payable_kind: plan.payable.kind,
      payable_reference: plan.payable.reference,
      amount_cents: plan.amountCents,
      billing_interval: plan.interval,
      email: plan.email,
      next_charge_at: sql<Date>`${now}::timestamptz + ${`1 ${plan.interval}`}::interval`,
      declines_renewals: card.replace(/\s+/g, '') === TEST_CARDS.renewalsDeclined,
    })
    .returning(['id', 'next_charge_at'])
    .executeTakeFirstOrThrow();
  const event = testPayableEvent(
    plan.payable,
    { ok: true },
    {
      id: `evt_${subscription.id}_1`,
      subscriptionId: subscription.id,
      period: { start: now.toISOString(), end: new Date(subscription.next_charge_at).toISOString() },
    },
  );
  return { subscriptionId: subscription.id, event };
}

/**
 * A recurring plan's first charge on the card, without a checkout (tests and the demo data drive
 * the gateway this way; the pay page goes through payTestCheckout): when it goes through, keeps
 * the subscription so that `chargeDueRenewals` charges the next periods. Every charge is reported
 * through the signed webhook. Returns the subscription id, or null when declined.
 */
export async function startTestSubscription(
  deps: PaymentWebhookDeps,
  plan: RecurringRequest,
  card: string,
  now = new Date(),
): Promise<string | null> {
  const outcome = chargeTestCard(card);
  if (!outcome.ok) {
    await deliverTestGatewayEvent(deps, testPayableEvent(plan.payable, outcome));
    return null;
  }
  const opened = await deps.db.transaction().execute((trx) => openTestSubscription(trx, plan, card, now));
  await deliverTestGatewayEvent(deps, opened.event);
  return opened.subscriptionId;
}

/**
 * Charges every active test gateway subscription due at `now`, one period each, and reports each
 * charge through the signed webhook. A period is claimed by a conditional UPDATE that advances
 * next_charge_at only if it still holds the value this run read, so two runners (or a re-run at
 * the same `now`) never charge a period twice; each charge's event id is the subscription and
 * charge number, so even a repeated delivery is a duplicate. A subscription more than one period
 * behind catches up one period per run. For the job queue to schedule; returns the charges made.
 */
export async function chargeDueRenewals(deps: PaymentWebhookDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectFrom('test_gateway_subscriptions')
    .select(['id', 'next_charge_at'])
    .where('status', '=', 'active')
    .where('next_charge_at', '<=', now)
    .orderBy('next_charge_at')
    .execute();
  let charged = 0;
  for (const candidate of due) {
    const claimed = await deps.db
      .updateTable('test_gateway_subscriptions')
      .set({ next_charge_at: nextPeriod, charges: sql`charges + 1` })
      .where('id', '=', candidate.id)
      .where('status', '=', 'active')
      .where('next_charge_at', '=', candidate.next_charge_at)
      .returningAll()
      .executeTakeFirst();
    // Another runner claimed this period first.
    if (!claimed) continue;
    charged++;
    const outcome = claimed.declines_renewals
      ? ({ ok: false, reason: 'Your card was declined.' } as const)
      : ({ ok: true } as const);
    if (!outcome.ok) {
      // Not charged again until someone fixes the card (out of the test gateway's scope).
      await deps.db
        .updateTable('test_gateway_subscriptions')
        .set({ status: 'past_due' })
        .where('id', '=', claimed.id)
        .execute();
    }
    await deliverTestGatewayEvent(
      deps,
      testPayableEvent({ kind: claimed.payable_kind, reference: claimed.payable_reference }, outcome, {
        id: `evt_${claimed.id}_${claimed.charges}`,
        subscriptionId: claimed.id,
        period: {
          start: new Date(candidate.next_charge_at).toISOString(),
          end: new Date(claimed.next_charge_at).toISOString(),
        },
      }),
    );
  }
  return charged;
}
