import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/order-statuses';
import { createNotification } from '../notifications/service';

/** The notification type for "Order status changed" (docs/product/rulings.md, Notifications). */

export interface StatusChange {
  orderId: number;
  number: string;
  userId: number | null;
  status: OrderStatus;
  note?: string | null;
  extra?: Partial<{
    paid_at: Date;
    reserved_until: null;
    status_reason: string | null;
    provider_payment_id: string | null;
  }>;
}

/**
 * The one way an order changes status: the order row, its timeline entry and, when the buyer has
 * an account, their "order status changed" notification, all in the caller's transaction.
 * Returns the notification for the caller to announce after commit.
 */
export async function recordStatusChange(trx: Transaction<Database>, change: StatusChange, now = new Date()) {
  await trx
    .updateTable('orders')
    .set({ status: change.status, updated_at: now, ...change.extra })
    .where('id', '=', change.orderId)
    .execute();
  await trx
    .insertInto('order_status_events')
    .values({ order_id: change.orderId, status: change.status, note: change.note ?? null, created_at: now })
    .execute();
  if (change.userId === null) return null;
  return createNotification(trx, {
    userId: change.userId,
    type: NOTIFICATION_TYPE.orderStatusChanged,
    message: `Your order ${change.number} is now ${ORDER_STATUS_LABELS[change.status]}.`,
    route: `/order-status?order=${encodeURIComponent(change.number)}`,
  });
}
