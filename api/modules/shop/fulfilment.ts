import { z } from 'zod';
import type { Db } from '../../../db/client';
import {
  canStaffMove,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
  STAFF_TRANSITIONS,
} from '../../contract/order-statuses';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import type { JobsPort } from '../../ports/queue';
import type { RealtimePort } from '../../ports/realtime';
import { reverseCommission } from '../affiliates/commissions';
import { recordAudit } from '../audit/service';
import { NotFoundError, ValidationError } from '../errors';
import { announceNotification } from '../notifications/service';
import { recordProviderRefund, requestProviderRefunds } from '../payments/provider-refunds';
import type { StaffActor } from '../staff/employees';
import { recordStatusChange } from './status';

export const fulfilmentInput = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Choose a status.' }),
  note: z
    .string()
    .trim()
    .max(500, 'Notes can be at most 500 characters.')
    .optional()
    .transform((v) => v || null),
});
export type FulfilmentInput = z.infer<typeof fulfilmentInput>;

/** What the buyer is told by email when staff move their order (others need no email). */
const BUYER_EMAIL: Partial<Record<OrderStatus, (number: string) => string>> = {
  shipped: (n) => `Good news: your order ${n} has shipped.`,
  delivered: (n) => `Your order ${n} was delivered. Returns are accepted for 30 days from today.`,
  refunded: (n) => `Your order ${n} was refunded to your original payment method.`,
  returned: (n) => `We received the items you returned from order ${n}.`,
};

/**
 * Staff move a paid order along (processing, shipped, delivered; returns received; refunds).
 * Only the moves in STAFF_TRANSITIONS are allowed; the change, its timeline entry, the buyer's
 * notification, their email, the audit row and (for a refund) the provider refund to send commit
 * together.
 */
export async function moveOrder(
  deps: { db: Db; email: EmailPort; realtime?: RealtimePort; jobs?: JobsPort },
  orderId: number,
  input: FulfilmentInput,
  actor: StaffActor,
): Promise<void> {
  const { db, email } = deps;
  const notification = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'number', 'email', 'status', 'user_id', 'total_cents', 'provider_payment_id'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new NotFoundError(`No order ${orderId}.`);
    if (!canStaffMove(order.status, input.status)) {
      const allowed = (STAFF_TRANSITIONS[order.status as OrderStatus] ?? []).map(
        (s) => ORDER_STATUS_LABELS[s],
      );
      const from = ORDER_STATUS_LABELS[order.status as OrderStatus] ?? order.status;
      throw new ValidationError({
        status: [
          allowed.length
            ? `A ${from} order can only move to ${allowed.join(', ')}.`
            : `A ${from} order cannot be changed by hand.`,
        ],
      });
    }
    const notice = await recordStatusChange(trx, {
      orderId: order.id,
      number: order.number,
      userId: order.user_id,
      status: input.status,
      note: input.note,
    });
    // The money goes back through the provider once this commits (the payment-refunds job).
    if (input.status === 'refunded') {
      await recordProviderRefund(trx, {
        payable: { kind: 'order', reference: order.number },
        providerPaymentId: order.provider_payment_id,
        amountCents: order.total_cents,
      });
      await reverseCommission(trx, { kind: 'order', reference: order.number });
    }
    const line = BUYER_EMAIL[input.status];
    if (line) {
      await email.send(trx, {
        to: order.email,
        subject: `Order ${order.number}: ${ORDER_STATUS_LABELS[input.status]}`,
        text: [
          line(order.number),
          ...(input.note ? ['', input.note] : []),
          '',
          'Track it any time at /order-status with your order number and this email address.',
        ].join('\n'),
      });
    }
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'order.status',
      targetType: 'order',
      targetId: order.id,
      before: { status: order.status },
      after: { status: input.status, note: input.note },
      ip: actor.ip,
    });
    return notice;
  });
  await deliverAfterCommit(db, email);
  if (input.status === 'refunded') requestProviderRefunds(deps.jobs);
  if (deps.realtime) announceNotification(deps.realtime, notification);
}
