import type { Db } from '../../../db/client';
import type { EmailPort } from '../../ports/email';
import type { PaymentEvent } from '../../ports/payments';
import type { RealtimePort } from '../../ports/realtime';
import { applyPaymentOnce } from '../payments/apply-once';
import { cancelPending } from './cancel-pending';
import { orderPayments } from './order-payments';

export type WebhookOutcome = 'paid' | 'cancelled' | 'duplicate' | 'ignored';

/**
 * Applies a verified payment event to its order exactly once (the webhook's path, docs/decisions/0020-payables.md):
 * its id goes into payment_events first, so a replay changes nothing (no second order change,
 * no second email).
 */
export async function applyPaymentEvent(
  db: Db,
  email: EmailPort,
  event: PaymentEvent,
  realtime?: RealtimePort,
): Promise<WebhookOutcome> {
  return (await applyPaymentOnce({ db, email, realtime }, event, orderPayments)) as WebhookOutcome;
}

/** Cancels orders whose 30-minute reservation ran out; run by the maintenance job. */
export async function expireReservations(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending_payment')
    .where('reserved_until', '<', now)
    .execute();
  let expired = 0;
  for (const { id } of stale) {
    await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'number', 'user_id', 'status', 'coupon_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (order?.status !== 'pending_payment') return;
      await cancelPending(trx, order, 'Payment was not completed within 30 minutes.');
      expired++;
    });
  }
  return expired;
}
