import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, MembershipSubscriptionsTable } from '../../../db/schema';
import { type MembershipTier, tierInfo } from '../../contract/membership';
import { type PaymentEvent, payableOf } from '../../ports/payments';
import { earnCommission } from '../affiliates/commissions';
import { ownerResult, paymentsConfigOf, thenSendRefunds } from '../payments/owner-result';
import type { PayableOwner, PaymentDeps } from '../payments/owners';
import { refundUnkeptCharge } from '../payments/provider-refunds';
import { stopAllRecurring, stopRecurring } from '../payments/stop-recurring';
import { emailOf, graceEmail, notifyMembershipChanged, welcomeEmail } from './notices';
import { LIVE_STATUSES } from './subscription-rules';

type Trx = Transaction<Database>;
type Subscription = Selectable<MembershipSubscriptionsTable>;

/** How long a member keeps a paid tier after a renewal is declined (docs/decisions/0024-membership.md). */
export const GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const nameOf = (s: Subscription) => tierInfo(s.tier as MembershipTier).name;
/** When the charge was made: the start of the period it pays for, else now. */
const chargedAt = (event: PaymentEvent) => (event.period ? new Date(event.period.start) : new Date());

/** Every subscription the provider holds for this membership, not only the one recorded on it. */
function stopAllOf(
  trx: Trx,
  deps: PaymentDeps,
  sub: Pick<Subscription, 'reference' | 'provider_subscription_id'>,
) {
  return stopAllRecurring(
    trx,
    paymentsConfigOf(deps, 'membership'),
    { kind: 'subscription', reference: sub.reference },
    sub.provider_subscription_id,
  );
}

/** Gives a charge this membership does not keep back to the member, through the provider. */
function giveBack(trx: Trx, event: PaymentEvent, sub: Subscription, reason: 'duplicate' | 'superseded') {
  return refundUnkeptCharge(trx, {
    payable: { kind: 'subscription', reference: sub.reference },
    event,
    amountCents: sub.amount_cents,
    reason,
  });
}

/**
 * The first payment: pending → active until the end of the period it paid for. A change of tier
 * ends the subscription it replaces (stopped at the provider) in the same transaction.
 */
async function activate(trx: Trx, event: PaymentEvent, deps: PaymentDeps, sub: Subscription) {
  if (event.type === 'payment.failed') {
    await trx
      .updateTable('membership_subscriptions')
      .set({ status: 'cancelled', ended_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', sub.id)
      .execute();
    return ownerResult('failed', deps);
  }
  // The live subscription this one replaces (replaces_id; any live one, to be sure) ends now.
  const replaced = await trx
    .updateTable('membership_subscriptions')
    .set({ status: 'ended', ended_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('user_id', '=', sub.user_id)
    .where('id', '!=', sub.id)
    .where('status', 'in', LIVE_STATUSES)
    .returning(['reference', 'provider_subscription_id'])
    .execute();
  const stops: (() => Promise<void>)[] = [];
  for (const old of replaced) stops.push(await stopAllOf(trx, deps, old));
  const stop = async () => {
    for (const s of stops) await s();
  };
  const periodEnd = event.period
    ? new Date(event.period.end)
    : new Date(chargedAt(event).getTime() + 30 * DAY_MS);
  await trx
    .updateTable('membership_subscriptions')
    .set({
      status: 'active',
      current_period_end: periodEnd,
      provider_subscription_id: event.subscriptionId ?? null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', sub.id)
    .execute();
  // The first month paid: an attributed subscription earns its affiliate now (docs/decisions/0031-affiliates-and-partner-revenue.md).
  await earnCommission(trx, {
    affiliateId: sub.affiliate_id,
    kind: 'subscription',
    reference: sub.reference,
    baseCents: sub.amount_cents,
  });
  await deps.email.send(
    trx,
    welcomeEmail(await emailOf(trx, sub.user_id), sub.tier as MembershipTier, sub.reference, periodEnd),
  );
  const notice = await notifyMembershipChanged(trx, sub.user_id, `You're now on ${nameOf(sub)}.`);
  return ownerResult('activated', deps, notice, stop);
}

/** A renewal's charge declined: the member keeps the tier for GRACE_DAYS, with an email. */
async function enterGrace(trx: Trx, event: PaymentEvent, deps: PaymentDeps, sub: Subscription) {
  // In grace already; or cancelling, so the upkeep job ends it at its period end anyway.
  if (sub.status !== 'active' || sub.cancel_at_period_end) return ownerResult('ignored', deps);
  const graceUntil = new Date(chargedAt(event).getTime() + GRACE_DAYS * DAY_MS);
  await trx
    .updateTable('membership_subscriptions')
    .set({ status: 'grace', grace_until: graceUntil, updated_at: sql<Date>`now()` })
    .where('id', '=', sub.id)
    .execute();
  await deps.email.send(
    trx,
    graceEmail(await emailOf(trx, sub.user_id), sub.tier as MembershipTier, graceUntil),
  );
  const notice = await notifyMembershipChanged(
    trx,
    sub.user_id,
    `We couldn't renew your ${nameOf(sub)} membership. Update your card by ${graceUntil.toISOString().slice(0, 10)}.`,
  );
  return ownerResult('grace', deps, notice);
}

/**
 * A renewal paid: the period extends to the end of the one this charge pays for (never back), and
 * a subscription in grace is active again. A member who cancelled is not renewed: the charge is
 * refunded and the subscription ends and stops at the provider.
 */
async function renew(trx: Trx, event: PaymentEvent, deps: PaymentDeps, sub: Subscription) {
  if (!event.period) return ownerResult('ignored', deps);
  const end = new Date(event.period.end);
  const current = sub.current_period_end ? new Date(sub.current_period_end) : null;
  if (current && end <= current) return ownerResult('duplicate', deps);
  if (sub.cancel_at_period_end) {
    await trx
      .updateTable('membership_subscriptions')
      .set({ status: 'ended', ended_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', sub.id)
      .execute();
    const stop = await stopAllOf(trx, deps, sub);
    await giveBack(trx, event, sub, 'superseded');
    const notice = await notifyMembershipChanged(
      trx,
      sub.user_id,
      `Your ${nameOf(sub)} membership has ended.`,
    );
    return ownerResult('cancelled', deps, notice, thenSendRefunds(deps, stop));
  }
  await trx
    .updateTable('membership_subscriptions')
    .set({ status: 'active', current_period_end: end, grace_until: null, updated_at: sql<Date>`now()` })
    .where('id', '=', sub.id)
    .execute();
  const notice =
    sub.status === 'grace'
      ? await notifyMembershipChanged(trx, sub.user_id, `Your ${nameOf(sub)} membership is renewed.`)
      : null;
  return ownerResult('renewed', deps, notice);
}

/**
 * The membership module's owner of 'subscription' payables (docs/decisions/0020-payables.md, 0024): every
 * charge names its subscription's SUB- reference. Runs in the transaction that recorded the event
 * id, so a replayed event counts once; a renewal's period end is idempotent besides.
 */
export const membershipPayments: PayableOwner = {
  async apply(trx, event, deps) {
    const { reference } = payableOf(event);
    const sub = await trx
      .selectFrom('membership_subscriptions')
      .selectAll()
      .where('reference', '=', reference)
      .forUpdate()
      .executeTakeFirst();
    if (!sub) return ownerResult('ignored', deps);
    if (sub.status === 'pending') return activate(trx, event, deps, sub);
    const config = paymentsConfigOf(deps, 'membership');
    if (sub.status === 'cancelled' || sub.status === 'ended') {
      // Paid after it was replaced or ended: stop any charges still coming, and give this one back.
      if (event.type !== 'payment.succeeded') return ownerResult('ignored', deps);
      const stop = await stopRecurring(trx, config, event.subscriptionId ?? null);
      await giveBack(trx, event, sub, 'superseded');
      return ownerResult('not-kept', deps, null, thenSendRefunds(deps, stop));
    }
    // A charge from a second subscription for this membership (its pay page paid twice): the
    // member pays for one; that one stops and its charge goes back.
    if (event.subscriptionId !== undefined && event.subscriptionId !== sub.provider_subscription_id) {
      const stop = await stopRecurring(trx, config, event.subscriptionId);
      if (event.type !== 'payment.succeeded') return ownerResult('ignored', deps, null, stop);
      await giveBack(trx, event, sub, 'duplicate');
      return ownerResult('not-kept', deps, null, thenSendRefunds(deps, stop));
    }
    return event.type === 'payment.failed' ? enterGrace(trx, event, deps, sub) : renew(trx, event, deps, sub);
  },
};
