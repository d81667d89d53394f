import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Election } from '../../contract/fec-limits';
import { type PaymentEvent, payableOf } from '../../ports/payments';
import { raiseFortyEightHourNotice } from '../fec-reports/forty-eight-hour-notices';
import { type OwnerNotice, ownerResult, paymentsConfigOf, thenSendRefunds } from '../payments/owner-result';
import type { PayableOwner, PaymentDeps } from '../payments/owners';
import { refundUnkeptCharge, type UnkeptChargeReason } from '../payments/provider-refunds';
import { stopAllRecurring, stopRecurring } from '../payments/stop-recurring';
import { electionFor, loadElectionDates } from './elections';
import {
  cancelLink,
  cardUpdateEmail,
  FAILED_RENEWALS_BEFORE_STOP,
  receiptEmail,
  stoppedEmail,
} from './gift-mail';
import { releaseHeadroom, reserveHeadroom } from './ledger';
import { manageLink } from './manage-link';
import { notifyDonationReceived } from './notify-candidate';
import { donationReference, isRecurringReference } from './references';

type Trx = Transaction<Database>;
type DonationRow = Awaited<ReturnType<typeof lockDonation>>;
type Notice = OwnerNotice;

function lockDonation(trx: Trx, column: 'reference' | 'id', value: string) {
  return trx.selectFrom('donations').selectAll().where(column, '=', value).forUpdate().executeTakeFirst();
}

async function candidateName(trx: Trx, candidateId: number): Promise<string> {
  const row = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', candidateId)
    .executeTakeFirstOrThrow();
  return `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
}

const keyOf = (d: { candidate_id: number; donor_id: number; election: Election }) => ({
  candidateId: d.candidate_id,
  donorId: d.donor_id,
  election: d.election,
});

/** The same charge as the one kept (a redelivery under another event id), not a second one. */
const sameCharge = (event: PaymentEvent, kept: string | null) =>
  event.providerPaymentId !== undefined && event.providerPaymentId === kept;

/** settle()'s outcomes for a charge it gave back. */
const GIVEN_BACK = new Set(['refunded-duplicate', 'over-limit']);

/** Gives back, through the provider, a charge this payable does not keep. */
function giveBack(
  trx: Trx,
  event: PaymentEvent,
  reference: string,
  amountCents: number,
  reason: UnkeptChargeReason,
) {
  return refundUnkeptCharge(trx, { payable: { kind: 'donation', reference }, event, amountCents, reason });
}

/** The receipt and the candidate's notification of a gift that just became paid. */
async function thank(
  trx: Trx,
  deps: PaymentDeps,
  gift: NonNullable<DonationRow>,
  recurringReference: string | null,
  event?: PaymentEvent,
): Promise<Notice> {
  const name = await candidateName(trx, gift.candidate_id);
  const config = paymentsConfigOf(deps, 'donation');
  await deps.email.send(
    trx,
    receiptEmail({
      to: gift.email,
      candidateName: name,
      amountCents: gift.amount_cents,
      election: gift.election,
      reference: gift.reference,
      cancelUrl: recurringReference
        ? cancelLink(config.appUrl, config.appSecret, recurringReference)
        : undefined,
      // A monthly gift's receipt says when the next charge comes and where to change it.
      nextChargeAt: recurringReference && event?.period ? new Date(event.period.end) : undefined,
      manageUrl: recurringReference
        ? manageLink(config.appUrl, config.appSecret, recurringReference)
        : undefined,
    }),
  );
  // A gift of $1,000 or more just before an election needs a 48-hour notice (docs/decisions/0090-fec-reports.md).
  await raiseFortyEightHourNotice(trx, deps.email, config.appUrl, gift);
  return notifyDonationReceived(trx, {
    candidateId: gift.candidate_id,
    amountCents: gift.amount_cents,
    donorName: `${gift.first_name} ${gift.last_name}`,
  });
}

/**
 * A one-off gift's (or a monthly gift's first charge's) outcome. Succeeded: pending → paid; a
 * payment arriving after the reservation lapsed takes the headroom again, and if it no longer fits
 * the gift stays unpaid and the charge is refunded. A second charge for a gift already paid (or
 * refunded) is refunded too. Failed: failed, headroom released.
 */
async function settle(
  trx: Trx,
  event: PaymentEvent,
  deps: PaymentDeps,
  gift: NonNullable<DonationRow>,
  recurringReference: string | null,
): Promise<{ outcome: string; notice: Notice }> {
  const periodStart = event.period ? new Date(event.period.start) : null;
  if (event.type === 'payment.failed') {
    if (gift.status !== 'pending') return { outcome: 'ignored', notice: null };
    await trx
      .updateTable('donations')
      .set({ status: 'failed', reservation_expires_at: null })
      .where('id', '=', gift.id)
      .execute();
    await releaseHeadroom(trx, keyOf(gift), gift.amount_cents);
    return { outcome: 'failed', notice: null };
  }
  const payableReference = recurringReference ?? gift.reference;
  if (gift.status === 'paid' || gift.status === 'refunded') {
    if (sameCharge(event, gift.provider_payment_id)) return { outcome: 'ignored', notice: null };
    await giveBack(trx, event, payableReference, gift.amount_cents, 'duplicate');
    return { outcome: 'refunded-duplicate', notice: null };
  }
  if (gift.status !== 'pending') {
    // expired or failed, yet the money came: it counts only if it still fits under the limit.
    const again = await reserveHeadroom(trx, keyOf(gift), gift.amount_cents);
    if (!again.ok) {
      await giveBack(trx, event, payableReference, gift.amount_cents, 'over-limit');
      return { outcome: 'over-limit', notice: null };
    }
  }
  await trx
    .updateTable('donations')
    .set({
      status: 'paid',
      paid_at: sql<Date>`now()`,
      reservation_expires_at: null,
      provider_payment_id: event.providerPaymentId ?? null,
      ...(periodStart ? { period_start: periodStart } : {}),
    })
    .where('id', '=', gift.id)
    .execute();
  return { outcome: 'paid', notice: await thank(trx, deps, gift, recurringReference, event) };
}

async function applyOneOff(trx: Trx, event: PaymentEvent, deps: PaymentDeps, reference: string) {
  const gift = await lockDonation(trx, 'reference', reference);
  if (!gift || gift.recurring_id !== null) return ownerResult('ignored', deps);
  const { outcome, notice } = await settle(trx, event, deps, gift, null);
  return ownerResult(outcome, deps, notice, GIVEN_BACK.has(outcome) ? thenSendRefunds(deps) : undefined);
}

/** Ends a monthly gift (limit reached, election over) and stops every charge of it at the provider. */
async function endRecurring(
  trx: Trx,
  deps: PaymentDeps,
  recurring: { id: number; reference: string; provider_subscription_id: string | null },
  status: 'limit_reached' | 'cancelled',
) {
  await trx
    .updateTable('recurring_donations')
    .set({ status, ended_at: sql<Date>`now()` })
    .where('id', '=', recurring.id)
    .execute();
  return stopAllRecurring(
    trx,
    paymentsConfigOf(deps, 'donation'),
    { kind: 'donation', reference: recurring.reference },
    recurring.provider_subscription_id,
  );
}

/**
 * A declined renewal (docs/decisions/0094): the donor is emailed a link to update the card (the
 * gift's manage page) and how many declined tries are left; after FAILED_RENEWALS_BEFORE_STOP in a
 * row the gift stops, at the provider too, with an email that says so.
 */
async function renewalFailed(
  trx: Trx,
  deps: PaymentDeps,
  recurring: {
    id: number;
    reference: string;
    email: string;
    candidate_id: number;
    amount_cents: number;
    provider_subscription_id: string | null;
  },
) {
  const failed = await trx
    .updateTable('recurring_donations')
    .set({ status: 'failed', failed_renewals: sql<number>`failed_renewals + 1` })
    .where('id', '=', recurring.id)
    .returning('failed_renewals')
    .executeTakeFirstOrThrow();
  const name = await candidateName(trx, recurring.candidate_id);
  const config = paymentsConfigOf(deps, 'donation');
  if (failed.failed_renewals >= FAILED_RENEWALS_BEFORE_STOP) {
    const stop = await endRecurring(trx, deps, recurring, 'cancelled');
    await deps.email.send(
      trx,
      stoppedEmail({
        to: recurring.email,
        candidateName: name,
        amountCents: recurring.amount_cents,
        reason: 'card',
      }),
    );
    return ownerResult('renewal-stopped', deps, null, stop);
  }
  await deps.email.send(
    trx,
    cardUpdateEmail({
      to: recurring.email,
      candidateName: name,
      amountCents: recurring.amount_cents,
      triesLeft: FAILED_RENEWALS_BEFORE_STOP - failed.failed_renewals,
      manageUrl: manageLink(config.appUrl, config.appSecret, recurring.reference),
    }),
  );
  return ownerResult('renewal-failed', deps);
}

/**
 * The first charge of a monthly gift settles its pending gift like a one-off; paid, it makes the
 * monthly gift active on the provider's subscription (with its next charge date), else the monthly
 * gift fails.
 */
async function applyFirstCharge(
  trx: Trx,
  event: PaymentEvent,
  deps: PaymentDeps,
  recurring: { id: number; reference: string },
  firstGiftId: string,
) {
  const gift = await lockDonation(trx, 'id', firstGiftId);
  if (!gift) return ownerResult('ignored', deps);
  const { outcome, notice } = await settle(trx, event, deps, gift, recurring.reference);
  if (outcome === 'paid' || outcome === 'failed' || outcome === 'over-limit') {
    await trx
      .updateTable('recurring_donations')
      .set(
        outcome === 'paid'
          ? {
              status: 'active',
              provider_subscription_id: event.subscriptionId ?? null,
              next_charge_at: event.period ? new Date(event.period.end) : null,
            }
          : { status: 'failed', ended_at: sql<Date>`now()` },
      )
      .where('id', '=', recurring.id)
      .execute();
  }
  // Over the limit: the gift never starts, so its subscription must not renew either.
  const stop =
    outcome === 'over-limit'
      ? await stopRecurring(trx, paymentsConfigOf(deps, 'donation'), event.subscriptionId ?? null)
      : undefined;
  return ownerResult(outcome, deps, notice, GIVEN_BACK.has(outcome) ? thenSendRefunds(deps, stop) : stop);
}

/**
 * One charge of a monthly gift. The first (the gift's pending row) settles like a one-off and
 * makes the recurring gift active. Each renewal is its own paid gift, keyed by (recurring gift,
 * period start), counted toward the election of its charge date; a renewal that would pass the
 * limit (or falls after the general) is not kept, and the monthly gift stops at the provider with
 * an email to the donor.
 */
async function applyRecurring(trx: Trx, event: PaymentEvent, deps: PaymentDeps, reference: string) {
  const recurring = await trx
    .selectFrom('recurring_donations')
    .selectAll()
    .where('reference', '=', reference)
    .forUpdate()
    .executeTakeFirst();
  if (!recurring) return ownerResult('ignored', deps);
  const first = await trx
    .selectFrom('donations')
    .select('id')
    .where('recurring_id', '=', recurring.id)
    .orderBy('id')
    .executeTakeFirst();
  if (!first) return ownerResult('ignored', deps);

  if (recurring.provider_subscription_id === null && recurring.status === 'pending') {
    return applyFirstCharge(trx, event, deps, recurring, first.id);
  }

  // A charge from a subscription this monthly gift does not run on (a second one for the same gift,
  // its pay page paid twice), or for a gift that has ended or never started: not kept.
  const stray =
    event.subscriptionId !== undefined && event.subscriptionId !== recurring.provider_subscription_id;
  if (stray || (recurring.status !== 'active' && recurring.status !== 'failed')) {
    const stop = await stopRecurring(trx, paymentsConfigOf(deps, 'donation'), event.subscriptionId ?? null);
    if (event.type !== 'payment.succeeded') return ownerResult('ignored', deps, null, stop);
    const running = recurring.provider_subscription_id !== null && recurring.status === 'active';
    await giveBack(
      trx,
      event,
      recurring.reference,
      recurring.amount_cents,
      running ? 'duplicate' : 'superseded',
    );
    return ownerResult('not-kept', deps, null, thenSendRefunds(deps, stop));
  }
  if (!event.period) return ownerResult('ignored', deps);
  if (event.type === 'payment.failed') return renewalFailed(trx, deps, recurring);
  const periodStart = new Date(event.period.start);
  const already = await trx
    .selectFrom('donations')
    .select(['id', 'provider_payment_id'])
    .where('recurring_id', '=', recurring.id)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
  if (already) {
    // The same charge redelivered changes nothing; a second charge for a paid period goes back.
    if (already.provider_payment_id === null || sameCharge(event, already.provider_payment_id))
      return ownerResult('duplicate', deps);
    await giveBack(trx, event, recurring.reference, recurring.amount_cents, 'duplicate');
    return ownerResult('duplicate', deps, null, thenSendRefunds(deps));
  }

  const name = await candidateName(trx, recurring.candidate_id);
  const dates = await loadElectionDates(trx, recurring.candidate_id);
  const choice = dates ? electionFor(dates, periodStart, recurring.designated_general) : null;
  if (!choice?.ok) {
    const stop = await endRecurring(trx, deps, recurring, 'cancelled');
    await deps.email.send(
      trx,
      stoppedEmail({
        to: recurring.email,
        candidateName: name,
        amountCents: recurring.amount_cents,
        reason: 'election-over',
      }),
    );
    await giveBack(trx, event, recurring.reference, recurring.amount_cents, 'election-over');
    return ownerResult('election-over', deps, null, thenSendRefunds(deps, stop));
  }
  const key = { candidateId: recurring.candidate_id, donorId: recurring.donor_id, election: choice.election };
  const reservation = await reserveHeadroom(trx, key, recurring.amount_cents);
  if (!reservation.ok) {
    const stop = await endRecurring(trx, deps, recurring, 'limit_reached');
    await deps.email.send(
      trx,
      stoppedEmail({
        to: recurring.email,
        candidateName: name,
        amountCents: recurring.amount_cents,
        reason: 'limit',
        election: choice.election,
      }),
    );
    await giveBack(trx, event, recurring.reference, recurring.amount_cents, 'over-limit');
    return ownerResult('limit-reached', deps, null, thenSendRefunds(deps, stop));
  }
  // The contributor's details as last given for this monthly gift.
  const last = await trx
    .selectFrom('donations')
    .selectAll()
    .where('recurring_id', '=', recurring.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const gift = await trx
    .insertInto('donations')
    .values({
      reference: donationReference(),
      candidate_id: recurring.candidate_id,
      donor_id: recurring.donor_id,
      user_id: last.user_id,
      campaign_id: recurring.campaign_id,
      recurring_id: recurring.id,
      period_start: periodStart,
      amount_cents: recurring.amount_cents,
      election: choice.election,
      designated_general: recurring.designated_general,
      status: 'paid',
      first_name: last.first_name,
      last_name: last.last_name,
      email: recurring.email,
      street: last.street,
      city: last.city,
      state: last.state,
      zip: last.zip,
      employer: last.employer,
      occupation: last.occupation,
      attested_at: last.attested_at,
      paid_at: sql<Date>`now()`,
      provider_payment_id: event.providerPaymentId ?? null,
      // A renewal counts toward the source that brought the monthly gift.
      refcode: recurring.refcode,
      refcode2: recurring.refcode2,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Paid again: the next charge is the period's end, and a run of declined renewals is over.
  await trx
    .updateTable('recurring_donations')
    .set({ status: 'active', failed_renewals: 0, next_charge_at: new Date(event.period.end) })
    .where('id', '=', recurring.id)
    .execute();
  return ownerResult('renewed', deps, await thank(trx, deps, gift, recurring.reference, event));
}

/**
 * The donations module's owner of 'donation' payables (docs/decisions/0020-payables.md, 0021): a one-off gift
 * is named by its DON- reference, a monthly gift's every charge by its REC- reference. Runs in the
 * transaction that recorded the event id, so a replayed event counts once.
 */
export const donationPayments: PayableOwner = {
  async apply(trx, event, deps) {
    const { reference } = payableOf(event);
    return isRecurringReference(reference)
      ? applyRecurring(trx, event, deps, reference)
      : applyOneOff(trx, event, deps, reference);
  },
};
