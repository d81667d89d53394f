import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { dollars } from '../../contract/money';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import type { PaymentEvent } from '../../ports/payments';
import type { RealtimePort } from '../../ports/realtime';
import { releaseCoupon } from '../coupons/redemption';
import { announceNotification } from '../notifications/service';
import { recordStatusChange } from './status';

interface PendingOrder {
  id: number;
  number: string;
  user_id: number | null;
  coupon_id: number | null;
}

/** Puts a pending order's stock (and coupon use) back and cancels it with the reason. */
async function cancelPending(trx: Transaction<Database>, order: PendingOrder, reason: string) {
  const items = await trx
    .selectFrom('order_items')
    .select(['variant_id', 'quantity'])
    .where('order_id', '=', order.id)
    .execute();
  for (const item of items.sort((a, b) => a.variant_id - b.variant_id)) {
    await trx
      .updateTable('product_variants')
      .set({ stock: sql`stock + ${item.quantity}` })
      .where('id', '=', item.variant_id)
      .execute();
  }
  if (order.coupon_id !== null) await releaseCoupon(trx, order.coupon_id);
  return recordStatusChange(trx, {
    orderId: order.id,
    number: order.number,
    userId: order.user_id,
    status: 'cancelled',
    note: reason,
    extra: { status_reason: reason, reserved_until: null },
  });
}

export type WebhookOutcome = 'paid' | 'cancelled' | 'duplicate' | 'ignored';

/**
 * Applies a verified payment event exactly once: its id goes into payment_events first, so a
 * replay finds it there and changes nothing (no second order change, no second email).
 */
export async function applyPaymentEvent(
  db: Db,
  email: EmailPort,
  event: PaymentEvent,
  realtime?: RealtimePort,
): Promise<WebhookOutcome> {
  const { outcome, notification } = await db.transaction().execute(async (trx) => {
    const done = (
      outcome: WebhookOutcome,
      notification: Awaited<ReturnType<typeof recordStatusChange>> = null,
    ) => ({
      outcome,
      notification,
    });
    const fresh = await trx
      .insertInto('payment_events')
      .values({ event_id: event.id, kind: event.type })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!fresh) return done('duplicate');
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', event.orderNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return done('ignored');
    await trx
      .updateTable('payment_events')
      .set({ order_id: order.id })
      .where('event_id', '=', event.id)
      .execute();
    if (order.status !== 'pending_payment') return done('ignored');
    if (event.type === 'payment.failed') {
      return done('cancelled', await cancelPending(trx, order, event.reason ?? 'The payment was declined.'));
    }
    const paidNotice = await recordStatusChange(trx, {
      orderId: order.id,
      number: order.number,
      userId: order.user_id,
      status: 'paid',
      extra: { paid_at: new Date(), reserved_until: null },
    });
    const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    for (const item of items) {
      await trx
        .updateTable('products')
        .set({ units_sold: sql`units_sold + ${item.quantity}` })
        .where(
          'id',
          '=',
          trx.selectFrom('product_variants').select('product_id').where('id', '=', item.variant_id),
        )
        .execute();
    }
    const lines = items.map(
      (i) => `${i.quantity} × ${i.title} (${i.size}, ${i.color}) — ${dollars(i.line_total_cents)}`,
    );
    await email.send(trx, {
      to: order.email,
      subject: `Your Campaign HQ order ${order.number} is confirmed`,
      text: [
        `Thank you for your order ${order.number}.`,
        '',
        ...lines,
        '',
        `Subtotal: ${dollars(order.subtotal_cents)}`,
        `Discount: ${dollars(order.discount_cents)}`,
        `Shipping: ${dollars(order.shipping_cents)}`,
        `Total: ${dollars(order.total_cents)}`,
        '',
        'Track it any time at /order-status with your order number and this email address.',
      ].join('\n'),
    });
    return done('paid', paidNotice);
  });
  // After commit: queued email leaves (SMTP) and the buyer's open pages hear of it.
  await deliverAfterCommit(db, email);
  if (realtime) announceNotification(realtime, notification);
  return outcome;
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
