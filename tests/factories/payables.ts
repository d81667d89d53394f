import type { PayableOwner } from '../../api/modules/payments/owners';
import type { PaymentEvent, RecurringRequest } from '../../api/ports/payments';

/** A stand-in 'subscription' owner that counts what it was given, inside the webhook's transaction. */
export function countingOwner(): { owner: PayableOwner; applied: PaymentEvent[] } {
  const applied: PaymentEvent[] = [];
  const owner: PayableOwner = {
    async apply(_trx, event) {
      applied.push(event);
      return { outcome: event.type === 'payment.succeeded' ? 'renewed' : 'lapsed' };
    },
  };
  return { owner, applied };
}

/** A monthly $15 membership plan for the subscription `reference`. */
export function monthlyPlan(reference: string): RecurringRequest {
  return {
    payable: { kind: 'subscription', reference },
    amountCents: 1500,
    interval: 'month',
    email: 'member@example.com',
    description: 'Campaign HQ membership',
    successPath: '/account',
    cancelPath: '/account',
  };
}
