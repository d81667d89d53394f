import type { Db } from '../../../db/client';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import type { RealtimePort } from '../../ports/realtime';
import { ValidationError } from '../errors';
import { announceNotification } from '../notifications/service';
import { lookupOrder } from './lookup';
import { recordStatusChange } from './status';

export const RETURN_WINDOW_DAYS = 30;

/**
 * A return for a delivered order, within 30 days of delivery (docs/product/rulings.md, Shop). Looked up with
 * the same number + email check (and rate limit) as /order-status; moves the order to
 * 'Return requested' and emails a confirmation, in one transaction.
 */
export async function requestReturn(
  deps: { db: Db; email: EmailPort; realtime?: RealtimePort },
  ip: string,
  input: { number: string; email: string; itemIds: number[]; reason: string },
  now = new Date(),
) {
  const { db, email } = deps;
  const order = await lookupOrder(db, ip, input.number, input.email);
  const delivered = [...order.timeline].reverse().find((e) => e.status === 'delivered');
  if (order.status !== 'delivered' || !delivered) {
    throw new ValidationError({ itemIds: ['Only delivered orders can be returned.'] });
  }
  if (now.getTime() - new Date(delivered.created_at).getTime() > RETURN_WINDOW_DAYS * 86_400_000) {
    throw new ValidationError({ itemIds: ['The 30-day return window for this order has closed.'] });
  }
  const items = order.items.filter((i) => input.itemIds.includes(i.id));
  if (items.length === 0 || items.length !== new Set(input.itemIds).size) {
    throw new ValidationError({ itemIds: ['Choose the items to return.'] });
  }
  const notification = await db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('orders')
      .select(['status', 'user_id'])
      .where('id', '=', order.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status !== 'delivered') {
      throw new ValidationError({ itemIds: ['Only delivered orders can be returned.'] });
    }
    const note = `${items.map((i) => `${i.quantity} × ${i.title} (${i.size}, ${i.color})`).join('; ')}. Reason: ${input.reason}`;
    const notice = await recordStatusChange(
      trx,
      { orderId: order.id, number: order.number, userId: locked.user_id, status: 'return_requested', note },
      now,
    );
    await email.send(trx, {
      to: order.email,
      subject: `Return requested for order ${order.number}`,
      text: `We received your return request for order ${order.number}:\n\n${note}\n\nWe will email you the return label and refund you once the items arrive.`,
    });
    return notice;
  });
  await deliverAfterCommit(db, email);
  if (deps.realtime) announceNotification(deps.realtime, notification);
  return { status: 'return_requested' as const };
}
