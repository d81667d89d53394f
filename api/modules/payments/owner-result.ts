import { deliverAfterCommit } from '../../ports/email';
import type { PaymentsConfig } from '../../ports/payments';
import { announceNotification } from '../notifications/service';
import type { OwnerResult, PaymentDeps } from './owners';

/** The notification an owner created, to announce live once its transaction has committed. */
export type OwnerNotice = { id: number; userId: number } | null;

/**
 * What every payable owner answers: its outcome, and after commit its own follow-up (`after`, e.g.
 * stopping a subscription at the provider), then the mail it queued and the live notification.
 */
export function ownerResult(
  outcome: string,
  deps: PaymentDeps,
  notice: OwnerNotice = null,
  after: () => Promise<void> = async () => {},
): OwnerResult {
  return {
    outcome,
    afterCommit: async () => {
      await after();
      await deliverAfterCommit(deps.db, deps.email);
      if (deps.realtime) announceNotification(deps.realtime, notice);
    },
  };
}

/** The payments configuration an owner needs to sign links or stop subscriptions; wiring bug if absent. */
export function paymentsConfigOf(deps: PaymentDeps, owner: string): PaymentsConfig {
  if (!deps.config)
    throw new Error(`The ${owner} owner needs the payments configuration (PaymentDeps.config)`);
  return deps.config;
}
