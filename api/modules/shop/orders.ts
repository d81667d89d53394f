import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { EmailPort } from '../../ports/email';
import type { PaymentEvent } from '../../ports/payments';
import { releaseCoupon } from '../coupons/redemption';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Puts a pending order's stock (and coupon use) back and cancels it with the reason. */
async function cancelPending(trx: Db, orderId: number, couponId: number | null, reason: string) {
  const items = await trx
    .selectFrom('order_items')
    .select(['variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  for (const item of items.sort((a, b) => a.variant_id - b.variant_id)) {
    await trx
      .updateTable('product_variants')
      .set({ stock: sql`stock + ${item.quantity}` })
      .where('id', '=', item.variant_id)
      .execute();
  }
  if (couponId !== null) await releaseCoupon(trx, couponId);
  await trx
    .updateTable('orders')
    .set({ status: 'cancelled', status_reason: reason, reserved_until: null, updated_at: new Date() })
    .where('id', '=', orderId)
    .execute();
  await trx
    .insertInto('order_status_events')
    .values({ order_id: orderId, status: 'cancelled', note: reason })
    .execute();
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
): Promise<WebhookOutcome> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('payment_events')
      .values({ event_id: event.id, kind: event.type })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate';
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', event.orderNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return 'ignored';
    await trx
      .updateTable('payment_events')
      .set({ order_id: order.id })
      .where('event_id', '=', event.id)
      .execute();
    if (order.status !== 'pending_payment') return 'ignored';
    if (event.type === 'payment.failed') {
      await cancelPending(trx, order.id, order.coupon_id, event.reason ?? 'The payment was declined.');
      return 'cancelled';
    }
    await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: new Date(), reserved_until: null, updated_at: new Date() })
      .where('id', '=', order.id)
      .execute();
    await trx.insertInto('order_status_events').values({ order_id: order.id, status: 'paid' }).execute();
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
    return 'paid';
  });
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
        .select(['id', 'status', 'coupon_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (order?.status !== 'pending_payment') return;
      await cancelPending(trx, id, order.coupon_id, 'Payment was not completed within 30 minutes.');
      expired++;
    });
  }
  return expired;
}
