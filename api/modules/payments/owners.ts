import type { Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import type { EmailPort } from '../../ports/email';
import type { PaymentEvent, PaymentsConfig } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';
import type { RealtimePort } from '../../ports/realtime';

/** What applying a payment needs: the database, and the mail and live events the owner may send. */
export interface PaymentDeps {
  db: Db;
  email: EmailPort;
  realtime?: RealtimePort;
  /** The payments configuration: owners that stop subscriptions or sign links in mail read it. */
  config?: PaymentsConfig;
  /** Asked for a payment-refunds run when an owner gives a charge back (else the sweep sends it). */
  jobs?: JobsPort;
}

export interface OwnerResult {
  /** Said back to the provider in the webhook's answer ('paid', 'cancelled', 'renewed', …). */
  outcome: string;
  /** Runs once the transaction has committed: mail leaves, open pages hear of it. */
  afterCommit?: () => Promise<void> | void;
}

/**
 * The module that owns a payable kind. `apply` runs inside the transaction that records the
 * event id, so the owner's change and the record commit together or not at all.
 */
export interface PayableOwner {
  apply(trx: Transaction<Database>, event: PaymentEvent, deps: PaymentDeps): Promise<OwnerResult>;
}

/**
 * kind → owner. Built by the app's composition (api/modules/payable-owners), which is the one list
 * of payable kinds: a kind nobody registered has no owner, and its webhooks are refused. This module
 * never imports the modules that register here; tests build their own.
 */
export class PayableOwners {
  private readonly owners = new Map<string, PayableOwner>();

  register(kind: string, owner: PayableOwner): this {
    if (this.owners.has(kind)) throw new Error(`Payable kind '${kind}' already has an owner`);
    this.owners.set(kind, owner);
    return this;
  }

  ownerOf(kind: string): PayableOwner | undefined {
    return this.owners.get(kind);
  }
}
