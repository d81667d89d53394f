import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** The affiliate program (migrations/0022_affiliates.ts, docs/decisions/0031-affiliates-and-partner-revenue.md). */
export interface AffiliatesTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  created_at: CreatedAt;
}

export interface AffiliateClicksTable {
  id: Generated<string>;
  affiliate_id: number;
  /** The first-party cookie's value: random, so a visitor cannot pick an earlier first touch. */
  token: string;
  visitor_hash: string;
  /** UTC day, 'YYYY-MM-DD'. */
  day: ColumnType<string, string, string>;
  created_at: Timestamp;
}

export type CommissionSource = 'order' | 'subscription';

export interface AffiliateCommissionsTable {
  id: Generated<number>;
  affiliate_id: number;
  source_kind: CommissionSource;
  source_reference: string;
  base_cents: number;
  amount_cents: number;
  earned_at: Timestamp;
  reversed_at: Timestamp | null;
}

export interface AffiliatePayoutsTable {
  id: Generated<number>;
  affiliate_id: number;
  amount_cents: number;
  note: string | null;
  settled_by: number;
  created_at: CreatedAt;
}
