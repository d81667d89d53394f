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
