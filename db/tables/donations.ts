import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Campaign donations (migrations/0015_donations.ts, docs/decisions/0021-campaign-donations.md). */

/**
 * A `date` column, written as 'YYYY-MM-DD'. The two drivers read dates differently (postgres.js
 * and PGlite both make a Date at local midnight), so select it as text: sql<string>`primary_on::text`.
 */
export type DateOnly = ColumnType<Date | string, string, string>;

export type Election = 'primary' | 'general';
export type CampaignType = 'CampaignDonation' | 'SocialMedia' | 'GOTV';
export type DonationStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';
export type RecurringDonationStatus =
  | 'pending'
  | 'active'
  | 'paused'
  | 'cancelled'
  | 'limit_reached'
  | 'failed';

export interface CandidateElectionsTable {
  candidate_id: number;
  primary_on: DateOnly;
  general_on: DateOnly;
  updated_at: Generated<Date>;
}

export interface CampaignsTable {
  id: Generated<number>;
  candidate_id: number;
  type: CampaignType;
  name: string;
  description: string | null;
  goal_cents: number | null;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface DonorsTable {
  id: Generated<number>;
  user_id: number | null;
  email_key: string;
  name_key: string;
  zip5: string;
  /** The first donor row of the same person; null on that row itself (migrations/0033_donor_people.ts). */
  person_id: number | null;
  created_at: CreatedAt;
}

export interface RecurringDonationsTable {
  id: Generated<number>;
  reference: string;
  candidate_id: number;
  donor_id: number;
  campaign_id: number | null;
  amount_cents: number;
  designated_general: Generated<boolean>;
  email: string;
  status: ColumnType<RecurringDonationStatus, RecurringDonationStatus | undefined, RecurringDonationStatus>;
  provider_subscription_id: string | null;
  created_at: CreatedAt;
  ended_at: Timestamp | null;
  /** Where the donor came from (migrations/0042_refcodes_and_giving_page.ts); each renewal carries it. */
  refcode: ColumnType<string | null, string | null | undefined, string | null>;
  refcode2: ColumnType<string | null, string | null | undefined, string | null>;
  /** migrations/0043_monthly_gifts_donors_manage.ts: the paid gift whose thank-you page asked for it (bigint, as text). */
  asked_from_donation_id: ColumnType<string | null, string | null | undefined, string | null>;
  paused_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the provider charges next, from the last charge's period end. */
  next_charge_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Renewals declined in a row (the card-update email goes with each; the gift stops after the last). */
  failed_renewals: Generated<number>;
}

export interface DonationsTable {
  /** bigserial: read as a string by the drivers. */
  id: ColumnType<string, never, never>;
  reference: string;
  candidate_id: number;
  donor_id: number;
  user_id: number | null;
  campaign_id: number | null;
  recurring_id: number | null;
  period_start: Timestamp | null;
  amount_cents: number;
  election: Election;
  designated_general: Generated<boolean>;
  status: ColumnType<DonationStatus, DonationStatus | undefined, DonationStatus>;
  first_name: string;
  last_name: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  employer: string | null;
  occupation: string | null;
  attested_at: Timestamp;
  created_at: CreatedAt;
  paid_at: Timestamp | null;
  reservation_expires_at: Timestamp | null;
  refunded_at: Timestamp | null;
  refunded_by: number | null;
  refund_reason: string | null;
  follow_up_sent_at: Timestamp | null;
  follow_up_answered_at: Timestamp | null;
  /** The provider's id of the charge that paid it (migrations/0021_provider_refunds.ts). */
  provider_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The donation link's refcodes (migrations/0042_refcodes_and_giving_page.ts). */
  refcode: ColumnType<string | null, string | null | undefined, string | null>;
  refcode2: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The candidate's pitch on their donation page, written on the dashboard. */
export interface CandidateGivingPagesTable {
  candidate_id: number;
  pitch: string;
  updated_at: Generated<Date>;
}

export interface DonationLedgerTable {
  candidate_id: number;
  donor_id: number;
  election: Election;
  committed_cents: Generated<number>;
}
