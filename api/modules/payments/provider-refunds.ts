import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { log } from '../../platform/logger';
import type { Payable, PaymentEvent, PaymentsPort } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';

/** The queue whose job sends recorded refunds to the provider (api/doors/queue-handlers/payment-refunds.ts). */
export const PAYMENT_REFUNDS_QUEUE = 'payment-refunds';
/** Tries per refund before staff must look at it (the job's own retries space them out). */
export const REFUND_ATTEMPTS = 8;
/** A refund claimed longer ago than this was being sent by a process that died: send it again. */
const STUCK_MINUTES = 10;
const BATCH = 20;

/**
 * Records, in the caller's transaction, that the money of `payable` goes back: the row commits
 * with the order's or gift's 'refunded' status or not at all, and the payment-refunds job sends
 * it. Without the provider's charge id (paid before ids were kept) it is 'manual': nothing can be
 * sent, and staff refund it in the provider's dashboard.
 */
export async function recordProviderRefund(
  trx: Transaction<Database>,
  refund: { payable: Payable; providerPaymentId: string | null; amountCents: number },
): Promise<void> {
  await trx
    .insertInto('payment_refunds')
    .values({
      payable_kind: refund.payable.kind,
      payable_reference: refund.payable.reference,
      provider_payment_id: refund.providerPaymentId,
      amount_cents: refund.amountCents,
      status: refund.providerPaymentId ? 'pending' : 'manual',
    })
    // The partial unique index of whole refunds: one per payable (migrations/0033).
    .onConflict((oc) =>
      oc.columns(['payable_kind', 'payable_reference']).where('unkept_charge', 'is', null).doNothing(),
    )
    .execute();
}

/** Why the app gives back a charge it took (the staff see it beside the order or gift). */
export type UnkeptChargeReason =
  /** A second charge for what was already paid (a pay page posted twice, a second subscription). */
  | 'duplicate'
  /** A gift or renewal the donor's limit no longer has room for. */
  | 'over-limit'
  /** A renewal after the election it would count toward. */
  | 'election-over'
  /** A payment for a plan that was replaced, cancelled or ended before the money came. */
  | 'superseded';

/**
 * Records, in the owner's transaction, that a charge the app took and does not keep goes back to
 * the payer: its own row, keyed by the provider's charge id (a redelivery of the same charge is
 * one refund, and the order's or gift's own staff refund stays possible), sent by the
 * payment-refunds job like any refund. A charge the provider named no id for is left to staff
 * ('manual'), keyed by its event id.
 */
export async function refundUnkeptCharge(
  trx: Transaction<Database>,
  charge: { payable: Payable; event: PaymentEvent; amountCents: number; reason: UnkeptChargeReason },
): Promise<void> {
  const providerPaymentId = charge.event.providerPaymentId ?? null;
  log.warn(
    `${charge.payable.kind} ${charge.payable.reference}: charge ${providerPaymentId ?? charge.event.id} not kept (${charge.reason}); refunding it`,
  );
  await trx
    .insertInto('payment_refunds')
    .values({
      payable_kind: charge.payable.kind,
      payable_reference: charge.payable.reference,
      provider_payment_id: providerPaymentId,
      unkept_charge: providerPaymentId ?? `event:${charge.event.id}`,
      reason: charge.reason,
      amount_cents: charge.amountCents,
      status: providerPaymentId ? 'pending' : 'manual',
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Asks for a send run after commit; one waits at a time (a 'stately' queue). */
export function requestProviderRefunds(jobs: JobsPort | undefined): void {
  jobs
    ?.send(PAYMENT_REFUNDS_QUEUE, {})
    .catch((error: unknown) => log.error('could not queue a payment-refunds run', error));
}

/**
 * Same refund, same key: a retry after a timeout or a crash is not a second refund. A whole
 * order's or gift's refund is named by its payable, an unkept charge's by the charge.
 */
export const refundIdempotencyKey = (payable: Payable, unkeptCharge: string | null = null) =>
  unkeptCharge === null
    ? `campaignhq-refund-${payable.kind}-${payable.reference}`
    : `campaignhq-refund-charge-${unkeptCharge}`;

/**
 * Sends refunds waiting for the provider, a batch at a time. Each is claimed first ('sending',
 * one more attempt) so two workers never send the same one and no transaction stays open over
 * the network; it is then 'sent', back to 'pending' with the provider's error, or 'failed' after
 * REFUND_ATTEMPTS. Answers how many are still waiting.
 */
export async function sendPendingRefunds(
  db: Db,
  payments: PaymentsPort,
): Promise<{ sent: number; left: number }> {
  const claimed = await db
    .updateTable('payment_refunds')
    .set({ status: 'sending', attempts: sql`attempts + 1`, updated_at: sql`now()` })
    .where(
      'id',
      'in',
      db
        .selectFrom('payment_refunds')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pending'),
            eb.and([
              eb('status', '=', 'sending'),
              eb('updated_at', '<', sql<Date>`now() - make_interval(mins => ${STUCK_MINUTES})`),
            ]),
          ]),
        )
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  let sent = 0;
  for (const row of claimed) {
    const payable = { kind: row.payable_kind, reference: row.payable_reference };
    try {
      const { refundId } = await payments.refund({
        providerPaymentId: row.provider_payment_id ?? '',
        amountCents: row.amount_cents,
        idempotencyKey: refundIdempotencyKey(payable, row.unkept_charge),
      });
      await db
        .updateTable('payment_refunds')
        .set({
          status: 'sent',
          provider_refund_id: refundId,
          sent_at: sql`now()`,
          last_error: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', row.id)
        .execute();
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = row.attempts >= REFUND_ATTEMPTS;
      log[gaveUp ? 'error' : 'warn'](`refund of ${payable.kind} ${payable.reference} not sent: ${message}`);
      await db
        .updateTable('payment_refunds')
        .set({
          status: gaveUp ? 'failed' : 'pending',
          last_error: message.slice(0, 500),
          updated_at: sql`now()`,
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  const waiting = await db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return { sent, left: Number(waiting.n) };
}

/** What staff see of a refund: whether the money has left, and why not. */
export async function providerRefundOf(db: Db, payable: Payable) {
  return db
    .selectFrom('payment_refunds')
    .select(['status', 'attempts', 'last_error', 'provider_refund_id', 'sent_at'])
    .where('payable_kind', '=', payable.kind)
    .where('payable_reference', '=', payable.reference)
    .where('unkept_charge', 'is', null)
    .executeTakeFirst();
}

/** The charges of a payable the app gave back unasked (duplicates, over the limit, …), oldest first. */
export async function unkeptChargeRefundsOf(db: Db, payable: Payable) {
  return db
    .selectFrom('payment_refunds')
    .select([
      'reason',
      'amount_cents',
      'status',
      'attempts',
      'last_error',
      'provider_refund_id',
      'sent_at',
      'created_at',
    ])
    .where('payable_kind', '=', payable.kind)
    .where('payable_reference', '=', payable.reference)
    .where('unkept_charge', 'is not', null)
    .orderBy('id')
    .execute();
}
