import { sql } from 'kysely';
import { dollars } from '../../contract/money';
import { payableOf } from '../../ports/payments';
import { earnCommission } from '../affiliates/commissions';
import { type OwnerNotice, ownerResult, thenSendRefunds } from '../payments/owner-result';
import type { PayableOwner } from '../payments/owners';
import { refundUnkeptCharge } from '../payments/provider-refunds';
import { cancelPending } from './cancel-pending';
import { recordStatusChange } from './status';

/**
 * The shop's owner of 'order' payables: a succeeded payment marks the pending order paid (units
 * sold, confirmation email in the outbox); a failed one cancels it and gives stock and coupon
 * back. A charge for an order that is no longer waiting for one (paid by another charge, or
 * cancelled when its reservation ran out) is given back through the payments port
 * (docs/decisions/0073-payments-pay-once.md). Runs inside the transaction that recorded the event
 * id (api/modules/payments).
 */
export const orderPayments: PayableOwner = {
  async apply(trx, event, deps) {
    const { email } = deps;
    // After commit: queued email leaves (SMTP) and the buyer's open pages hear of it.
    const done = (outcome: 'paid' | 'cancelled' | 'ignored', notification: OwnerNotice = null) =>
      ownerResult(outcome, deps, notification);
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', payableOf(event).reference)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return done('ignored');
    await trx
      .updateTable('payment_events')
      .set({ order_id: order.id })
      .where('event_id', '=', event.id)
      .execute();
    if (order.status !== 'pending_payment') {
      // The charge that paid it, delivered again under another event id: nothing to give back.
      const sameCharge =
        event.providerPaymentId !== undefined && event.providerPaymentId === order.provider_payment_id;
      if (event.type !== 'payment.succeeded' || sameCharge) return done('ignored');
      await refundUnkeptCharge(trx, {
        payable: payableOf(event),
        event,
        amountCents: order.total_cents,
        reason: order.paid_at === null ? 'superseded' : 'duplicate',
      });
      return ownerResult('not-kept', deps, null, thenSendRefunds(deps));
    }
    if (event.type === 'payment.failed') {
      return done('cancelled', await cancelPending(trx, order, event.reason ?? 'The payment was declined.'));
    }
    const paidNotice = await recordStatusChange(trx, {
      orderId: order.id,
      number: order.number,
      userId: order.user_id,
      status: 'paid',
      extra: {
        paid_at: new Date(),
        reserved_until: null,
        provider_payment_id: event.providerPaymentId ?? null,
      },
    });
    // Merchandise after the coupon, no shipping (the /affiliates page's terms).
    await earnCommission(trx, {
      affiliateId: order.affiliate_id,
      kind: 'order',
      reference: order.number,
      baseCents: order.subtotal_cents - order.discount_cents,
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
  },
};
