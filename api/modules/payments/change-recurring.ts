import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { createPaymentsPort, type Payable, type PaymentsConfig } from '../../ports/payments';
import { ConflictError } from '../errors';

type Trx = Transaction<Database>;

/** What a provider is asked to change about a payable's recurring charge. */
export type RecurringChange = { amountCents: number } | { paused: boolean };

/**
 * Changes a recurring payable's future charges at the provider, in the caller's transaction: the
 * test gateway's subscription is a row (its amount, or paused, which chargeDueRenewals skips; on
 * resume the next charge is a month after today). Stripe's subscription update is not wired yet:
 * refused with a conflict, so nothing changes on our side either (docs/decisions/0094).
 */
export async function changeRecurring(
  trx: Trx,
  config: PaymentsConfig,
  payable: Payable,
  change: RecurringChange,
): Promise<void> {
  if (createPaymentsPort(config).provider !== 'test') {
    throw new ConflictError('This change cannot be made online yet. Cancel the gift and start a new one.');
  }
  const held = trx
    .updateTable('test_gateway_subscriptions')
    .where('payable_kind', '=', payable.kind)
    .where('payable_reference', '=', payable.reference);
  if ('amountCents' in change) {
    await held.set({ amount_cents: change.amountCents }).where('status', '!=', 'cancelled').execute();
  } else if (change.paused) {
    await held.set({ status: 'paused' }).where('status', '=', 'active').execute();
  } else {
    await held
      .set({ status: 'active', next_charge_at: sql<Date>`now() + interval '1 month'` })
      .where('status', '=', 'paused')
      .execute();
  }
}
