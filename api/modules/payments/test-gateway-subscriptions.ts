import { randomUUID } from 'node:crypto';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { TestGatewaySubscriptionsTable } from '../../../db/tables/payments';
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
 * The card a donor entered on a card-update checkout becomes the one `subscriptionId` (of
 * `payable`, so a checkout cannot reach another's) charges: its next renewal and retries.
 */
export async function keepTestCard(
  trx: Transaction<Database>,
  subscriptionId: string,
  payable: { kind: string; reference: string },
  card: string,
): Promise<void> {
  await trx
    .updateTable('test_gateway_subscriptions')
    .set({ declines_renewals: card.replace(/\s+/g, '') === TEST_CARDS.renewalsDeclined })
    .where('id', '=', subscriptionId)
    .where('payable_kind', '=', payable.kind)
    .where('payable_reference', '=', payable.reference)
    .execute();
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
 * When the test gateway tries a declined renewal again: 1, 3 and 5 days after it was due, as a
 * provider's retry schedule does (docs/decisions/0094-refcodes-and-honest-monthly.md). Three
 * retries make four tries, the declines in a row after which the donations module stops a monthly
 * gift (FAILED_RENEWALS_BEFORE_STOP); all within a week, so a card replaced after the first email
 * (or a balance that comes back on payday) is charged well before the next month's charge.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

type SubscriptionRow = Selectable<TestGatewaySubscriptionsTable>;

/**
 * A stored moment as this run read it: JavaScript dates hold milliseconds, the database
 * microseconds (a time written by `now()`, a resume's), so a claim compares at milliseconds or
 * would never match the value it read.
 */
const sameMoment = (column: 'next_charge_at' | 'retry_at') =>
  sql<Date>`date_trunc('milliseconds', ${sql.ref(column)})`;
const DECLINED = { ok: false, reason: 'Your card was declined.' } as const;

/** The charge a claimed try makes: its card's outcome, reported under the try's own event id. */
function tryEvent(claimed: SubscriptionRow, period: { start: Date; end: Date }) {
  return testPayableEvent(
    { kind: claimed.payable_kind, reference: claimed.payable_reference },
    claimed.declines_renewals ? DECLINED : { ok: true },
    {
      id: `evt_${claimed.id}_${claimed.charges}`,
      subscriptionId: claimed.id,
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
    },
  );
}

/** The retry after `tries` declines of the period that started at `periodStart`, or null when they are spent. */
function retryAfter(periodStart: Date, tries: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[tries - 1];
  return days === undefined ? null : new Date(periodStart.getTime() + days * 86_400_000);
}

/**
 * Claims one try of a subscription: counts the charge and moves `due` on, only if the row still
 * has `status` and the due moment this run read (so of two runners one charges). Null when taken.
 */
function claimTry(
  trx: Transaction<Database>,
  id: string,
  status: 'active' | 'past_due',
  [column, read]: ['next_charge_at' | 'retry_at', Date | null],
  moveOn: { next_charge_at: typeof nextPeriod } | { retry_at: null },
) {
  return trx
    .updateTable('test_gateway_subscriptions')
    .set({ ...moveOn, charges: sql`charges + 1` })
    .where('id', '=', id)
    .where('status', '=', status)
    .where(sameMoment(column), '=', read)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Claims one due period of `candidate` and records how its charge went, in one transaction: the
 * conditional UPDATE advances next_charge_at only if it still holds the value this run read, so
 * two runners (or a re-run at the same `now`) never charge a period twice. A decline leaves the
 * subscription past_due with its first retry planned.
 */
async function chargeRenewal(deps: PaymentWebhookDeps, candidate: { id: string; next_charge_at: Date }) {
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await claimTry(
      trx,
      candidate.id,
      'active',
      ['next_charge_at', candidate.next_charge_at],
      {
        next_charge_at: nextPeriod,
      },
    );
    // Another runner claimed this period first.
    if (!claimed) return null;
    const start = new Date(candidate.next_charge_at);
    if (claimed.declines_renewals)
      await trx
        .updateTable('test_gateway_subscriptions')
        .set({
          status: 'past_due',
          declined_tries: 1,
          unpaid_period_start: start,
          retry_at: retryAfter(start, 1),
        })
        .where('id', '=', claimed.id)
        .execute();
    return tryEvent(claimed, { start, end: new Date(claimed.next_charge_at) });
  });
}

/**
 * Tries an unpaid period again (a retry due at or before `now`), claimed like a renewal by its
 * retry_at. Paid: active again, the run of declines over. Declined: the next retry planned, or,
 * after the last, none (the donations module stops the gift on that fourth decline).
 */
async function retryRenewal(deps: PaymentWebhookDeps, candidate: { id: string; retry_at: Date | null }) {
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await claimTry(trx, candidate.id, 'past_due', ['retry_at', candidate.retry_at], {
      retry_at: null,
    });
    if (!claimed?.unpaid_period_start) return null;
    const start = new Date(claimed.unpaid_period_start);
    const tries = claimed.declined_tries + 1;
    await trx
      .updateTable('test_gateway_subscriptions')
      .set(
        claimed.declines_renewals
          ? { declined_tries: tries, retry_at: retryAfter(start, tries) }
          : { status: 'active', declined_tries: 0, unpaid_period_start: null },
      )
      .where('id', '=', claimed.id)
      .execute();
    return tryEvent(claimed, { start, end: new Date(claimed.next_charge_at) });
  });
}

/**
 * Charges every active test gateway subscription due at `now`, one period each, and every declined
 * renewal whose retry is due; reports each charge through the signed webhook. Each charge's event
 * id is the subscription and charge number, so even a repeated delivery is a duplicate. A
 * subscription more than one period behind catches up one period per run. For the job queue to
 * schedule (test-gateway-renewals); returns the charges made.
 */
export async function chargeDueRenewals(deps: PaymentWebhookDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectFrom('test_gateway_subscriptions')
    .select(['id', 'next_charge_at'])
    .where('status', '=', 'active')
    .where('next_charge_at', '<=', now)
    .orderBy('next_charge_at')
    .execute();
  const retries = await deps.db
    .selectFrom('test_gateway_subscriptions')
    .select(['id', 'retry_at'])
    .where('status', '=', 'past_due')
    .where('retry_at', '<=', now)
    .orderBy('retry_at')
    .execute();
  let charged = 0;
  const tries = [
    ...due.map((candidate) => () => chargeRenewal(deps, candidate)),
    ...retries.map((candidate) => () => retryRenewal(deps, candidate)),
  ];
  for (const charge of tries) {
    const event = await charge();
    if (!event) continue;
    charged++;
    await deliverTestGatewayEvent(deps, event);
  }
  return charged;
}
