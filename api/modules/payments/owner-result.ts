import { deliverAfterCommit } from '../../ports/email';
import type { PaymentsConfig } from '../../ports/payments';
import { announceNotification } from '../notifications/service';
import type { OwnerResult, PaymentDeps } from './owners';
import { requestProviderRefunds } from './provider-refunds';

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

/**
 * `after` (e.g. stopping a subscription), then a payment-refunds run for the charge the owner gave
 * back in its transaction (refundUnkeptCharge): sent within seconds instead of at the next sweep.
 */
export function thenSendRefunds(deps: PaymentDeps, after: () => Promise<void> = async () => {}) {
  return async () => {
    await after();
    requestProviderRefunds(deps.jobs);
  };
}
