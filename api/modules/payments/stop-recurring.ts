import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { log } from '../../platform/logger';
import { createPaymentsPort, type PaymentsConfig } from '../../ports/payments';

/**
 * Stops a recurring payment's future charges at its provider. The test gateway's subscription is a
 * row, cancelled in the caller's transaction; a provider's (Stripe) is cancelled by the returned
 * function, to run after the caller commits (a network call holds no transaction open). Its
 * failure is logged, not thrown: the committed change stands, and the owner ignores renewals of a
 * stopped recurring payable.
 */
export async function stopRecurring(
  trx: Transaction<Database>,
  config: PaymentsConfig,
  subscriptionId: string | null,
): Promise<() => Promise<void>> {
  if (!subscriptionId) return async () => {};
  const port = createPaymentsPort(config);
  if (port.provider === 'test') {
    await trx
      .updateTable('test_gateway_subscriptions')
      .set({ status: 'cancelled' })
      .where('id', '=', subscriptionId)
      .execute();
    return async () => {};
  }
  return async () => {
    try {
      await port.cancelRecurring(subscriptionId);
    } catch (error) {
      log.error(`could not cancel subscription ${subscriptionId} at ${port.provider}`, error);
    }
  };
}
