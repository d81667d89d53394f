import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

export type TestGatewaySubscriptionStatus = 'active' | 'past_due' | 'cancelled';

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
  created_at: CreatedAt;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
}
