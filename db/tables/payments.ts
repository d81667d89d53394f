import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

export type TestGatewaySubscriptionStatus = 'active' | 'past_due' | 'paused' | 'cancelled';

/** The local test gateway's recurring payments (migrations/0014_payables.ts). */
export interface TestGatewaySubscriptionsTable {
  id: string;
  payable_kind: string;
  payable_reference: string;
  amount_cents: number;
  billing_interval: 'month' | 'year';
  email: string;
  next_charge_at: Timestamp;
  status: ColumnType<
    TestGatewaySubscriptionStatus,
    TestGatewaySubscriptionStatus | undefined,
    TestGatewaySubscriptionStatus
  >;
  charges: Generated<number>;
  declines_renewals: Generated<boolean>;
  /** When a declined renewal is tried again (migrations/0046); null when none is due. */
  retry_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Declined tries in a row of the unpaid period. */
  declined_tries: Generated<number>;
  /** The start of the period the retries pay for (its end is next_charge_at). */
  unpaid_period_start: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export type PaymentRefundStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'manual';

/** Refunds on their way to the payment provider (migrations/0021_provider_refunds.ts). */
export interface PaymentRefundsTable {
  id: Generated<number>;
  payable_kind: string;
  payable_reference: string;
  provider_payment_id: string | null;
  amount_cents: number;
  status: PaymentRefundStatus;
  attempts: Generated<number>;
  last_error: string | null;
  provider_refund_id: string | null;
  /**
   * The provider's charge id of a charge the app took and does not keep (migrations/0033); null
   * for a staff refund of a whole order or gift (one per payable).
   */
  unkept_charge: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why an unkept charge goes back ('duplicate', 'over-limit', …). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
}

export type TestGatewayCheckoutStatus = 'open' | 'paid' | 'declined';

/** The test gateway's hosted checkouts, completed once (migrations/0034_test_gateway_checkouts.ts). */
export interface TestGatewayCheckoutsTable {
  id: string;
  /** What the page charges (api/ports/payments/test-gateway-plans.ts: TestGatewayPlan). */
  plan: ColumnType<unknown, unknown, unknown>;
  status: ColumnType<
    TestGatewayCheckoutStatus,
    TestGatewayCheckoutStatus | undefined,
    TestGatewayCheckoutStatus
  >;
  /** The charge's event, delivered again (a duplicate) when the form is posted after completion. */
  event: ColumnType<unknown, unknown, unknown>;
  expires_at: Timestamp;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
}

/** Every recurring payment a provider reported for a payable (migrations/0033). */
export interface ProviderSubscriptionsTable {
  subscription_id: string;
  payable_kind: string;
  payable_reference: string;
  stopped_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A charge the payer disputed at the provider (migrations/0043_monthly_gifts_donors_manage.ts). */
export interface PaymentDisputesTable {
  dispute_id: string;
  provider_payment_id: string;
  amount_cents: number;
  reason: string | null;
  /** The invoice the disputed charge paid, when it paid one (migrations/0046). */
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}
