import type { PayableOwner } from '../../api/modules/payments/owners';
import type { PaymentEvent, RecurringRequest } from '../../api/ports/payments';
import { findTestCheckout } from '../../api/ports/payments/test-gateway-checkouts';
import type { TestGatewayPlan } from '../../api/ports/payments/test-gateway-plans';
import type { Db } from '../../db/client';

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

/** The stored plan behind a test gateway pay link (`/pay/payable/<checkout>`): what its page charges. */
export async function checkoutPlanOf(db: Db, payUrl: string): Promise<TestGatewayPlan> {
  const id = new URL(payUrl, 'http://x').pathname.split('/').pop();
  const checkout = await findTestCheckout(db, id);
  if (!checkout) throw new Error(`no stored checkout behind ${payUrl}`);
  return checkout.plan;
}

/** The same, for a recurring plan, as startTestSubscription takes it. */
export async function recurringPlanOf(db: Db, payUrl: string): Promise<RecurringRequest> {
  const plan = await checkoutPlanOf(db, payUrl);
  if (!plan.interval) throw new Error('not a recurring plan');
  return { ...plan, interval: plan.interval };
}
