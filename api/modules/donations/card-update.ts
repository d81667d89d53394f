import { log } from '../../platform/logger';
import { createPaymentsPort } from '../../ports/payments';
import { ConflictError } from '../errors';
import { type ManageDeps, type ManagedMonthly, RUNNING } from './manage-monthly';

/**
 * A donor replaces the card of a monthly gift (docs/decisions/0094-refcodes-and-honest-monthly.md),
 * from its manage page, which the failed renewal's email links: the provider's page takes the card
 * (the test gateway's checkout that charges nothing; Stripe's Checkout Session in setup mode) and
 * the subscription's next try charges it. `returnPath` is the manage page (with the receipt's pass,
 * which names the gift and no one's data); the donor comes back to it with `done=card`.
 */
export async function startCardUpdate(
  deps: ManageDeps,
  gift: ManagedMonthly,
  returnPath: string,
): Promise<{ url: string }> {
  if (!(RUNNING as readonly string[]).includes(gift.status))
    throw new ConflictError('This monthly gift has ended; its card cannot be changed.');
  const row = await deps.db
    .selectFrom('recurring_donations')
    .select(['provider_subscription_id', 'email', 'amount_cents'])
    .where('id', '=', gift.id)
    .executeTakeFirstOrThrow();
  if (!row.provider_subscription_id)
    throw new ConflictError('This monthly gift has no card on file yet; its first charge has not been made.');
  const back = returnPath.includes('?') ? '&' : '?';
  try {
    return await createPaymentsPort(deps.config, deps.db).startCardUpdate({
      subscriptionId: row.provider_subscription_id,
      payable: { kind: 'donation', reference: gift.reference },
      amountCents: row.amount_cents,
      interval: 'month',
      email: row.email,
      description: `Monthly donation to ${gift.candidateName}`,
      successPath: `${returnPath}${back}done=card`,
      cancelPath: returnPath,
    });
  } catch (error) {
    log.warn(`could not open a card update for monthly gift ${gift.reference}`, error);
    throw new ConflictError('The card page could not be opened just now. Please try again in a minute.');
  }
}
