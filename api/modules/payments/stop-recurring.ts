import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { log } from '../../platform/logger';
import {
  createPaymentsPort,
  type Payable,
  type PaymentEvent,
  type PaymentsConfig,
} from '../../ports/payments';

type Trx = Transaction<Database>;

/**
 * Stops a recurring payment's future charges at its provider. The test gateway's subscription is a
 * row, cancelled in the caller's transaction; a provider's (Stripe) is cancelled by the returned
 * function, to run after the caller commits (a network call holds no transaction open). Its
 * failure is logged, not thrown: the committed change stands, and the owner ignores renewals of a
 * stopped recurring payable.
 */
export async function stopRecurring(
  trx: Trx,
  config: PaymentsConfig,
  subscriptionId: string | null,
): Promise<() => Promise<void>> {
  return stopSubscriptions(trx, config, subscriptionId ? [subscriptionId] : []);
}

/**
 * Stops every recurring payment the provider holds for `payable` (a member's subscription, a
 * monthly gift): each one it ever reported (provider_subscriptions), every test gateway
 * subscription kept for it, and `alsoId` (the one the owner recorded), so a second subscription
 * for the same plan cannot keep charging after the member or donor cancelled.
 */
export async function stopAllRecurring(
  trx: Trx,
  config: PaymentsConfig,
  payable: Payable,
  alsoId: string | null = null,
): Promise<() => Promise<void>> {
  const reported = await trx
    .updateTable('provider_subscriptions')
    .set({ stopped_at: sql<Date>`now()` })
    .where('payable_kind', '=', payable.kind)
    .where('payable_reference', '=', payable.reference)
    .where('stopped_at', 'is', null)
    .returning('subscription_id')
    .execute();
  const held = await trx
    .selectFrom('test_gateway_subscriptions')
    .select('id')
    .where('payable_kind', '=', payable.kind)
    .where('payable_reference', '=', payable.reference)
    .where('status', '!=', 'cancelled')
    .execute();
  const ids = new Set([...reported.map((r) => r.subscription_id), ...held.map((r) => r.id)]);
  if (alsoId) ids.add(alsoId);
  return stopSubscriptions(trx, config, [...ids]);
}

/**
 * Keeps, in the transaction that records the event, the subscription a recurring charge came from,
 * so that stopAllRecurring knows every one a provider holds for the payable.
 */
export async function rememberSubscription(trx: Trx, payable: Payable, event: PaymentEvent): Promise<void> {
  if (!event.subscriptionId) return;
  await trx
    .insertInto('provider_subscriptions')
    .values({
      subscription_id: event.subscriptionId,
      payable_kind: payable.kind,
      payable_reference: payable.reference,
    })
    .onConflict((oc) => oc.column('subscription_id').doNothing())
    .execute();
}

async function stopSubscriptions(
  trx: Trx,
  config: PaymentsConfig,
  ids: string[],
): Promise<() => Promise<void>> {
  if (ids.length === 0) return async () => {};
  const port = createPaymentsPort(config);
  if (port.provider === 'test') {
    await trx
      .updateTable('test_gateway_subscriptions')
      .set({ status: 'cancelled' })
      .where('id', 'in', ids)
      .execute();
    return async () => {};
  }
  return async () => {
    for (const id of ids) {
      try {
        await port.cancelRecurring(id);
      } catch (error) {
        log.error(`could not cancel subscription ${id} at ${port.provider}`, error);
      }
    }
  };
}
