import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { log } from '../../platform/logger';
import {
  createPaymentsPort,
  type Payable,
  type PaymentsConfig,
  type RecurringChange,
} from '../../ports/payments';
import { ConflictError } from '../errors';

type Trx = Transaction<Database>;

export type { RecurringChange };

/** What the donor reads when the provider refuses: nothing changed, on either side. */
export const PROVIDER_REFUSED =
  'The payment provider did not accept the change, so nothing was changed. Please try again later.';

/**
 * Changes a recurring payable's future charges at the provider, in the caller's transaction
 * (docs/decisions/0094-refcodes-and-honest-monthly.md). The test gateway's subscription is a row:
 * its amount, or paused (chargeDueRenewals skips it; on resume the next charge is a month after
 * today). Stripe's subscription is updated through the port while the caller holds its row lock;
 * a refusal (or no answer) throws a conflict, so the caller's transaction, and with it every
 * change on our side, rolls back. Answers the next charge the provider now plans, if it says.
 */
export async function changeRecurring(
  trx: Trx,
  config: PaymentsConfig,
  payable: Payable,
  subscriptionId: string | null,
  change: RecurringChange,
): Promise<{ nextChargeAt: Date | null }> {
  const port = createPaymentsPort(config);
  if (port.provider === 'test') return changeTestSubscription(trx, payable, change);
  if (!subscriptionId) throw new ConflictError(PROVIDER_REFUSED);
  try {
    return await port.changeRecurring(subscriptionId, change);
  } catch (error) {
    log.warn(`${port.provider} refused a change of subscription ${subscriptionId}`, error);
    throw new ConflictError(PROVIDER_REFUSED);
  }
}

async function changeTestSubscription(trx: Trx, payable: Payable, change: RecurringChange) {
  const held = trx
    .updateTable('test_gateway_subscriptions')
    .where('payable_kind', '=', payable.kind)
    .where('payable_reference', '=', payable.reference);
  if ('amountCents' in change) {
    await held.set({ amount_cents: change.amountCents }).where('status', '!=', 'cancelled').execute();
    return { nextChargeAt: null };
  }
  if (change.paused) {
    // A paused subscription is not retried either: its unpaid period waits for the resume.
    await held
      .set({ status: 'paused', retry_at: null })
      .where('status', 'in', ['active', 'past_due'])
      .execute();
    return { nextChargeAt: null };
  }
  const resumed = await held
    .set({
      status: 'active',
      next_charge_at: sql<Date>`now() + interval '1 month'`,
      declined_tries: 0,
      unpaid_period_start: null,
    })
    .where('status', '=', 'paused')
    .returning('next_charge_at')
    .executeTakeFirst();
  return { nextChargeAt: resumed ? new Date(resumed.next_charge_at) : null };
}
