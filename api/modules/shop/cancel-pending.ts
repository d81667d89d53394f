import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { releaseCoupon } from '../coupons/redemption';
import { recordStatusChange } from './status';

export interface PendingOrder {
  id: number;
  number: string;
  user_id: number | null;
  coupon_id: number | null;
}

/** Puts a pending order's stock (and coupon use) back and cancels it with the reason. */
export async function cancelPending(trx: Transaction<Database>, order: PendingOrder, reason: string) {
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
