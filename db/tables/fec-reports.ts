import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

/** Filing-ready FEC reports (migrations/0038_fec_committees.ts, docs/decisions/0090-fec-reports.md). */

export type FecOffice = 'H' | 'S';

export interface FecCommitteesTable {
  candidate_id: number;
  committee_id: string;
  committee_name: string;
  street_1: string;
  street_2: string | null;
  city: string;
  state: string;
  zip: string;
  candidate_fec_id: string;
  office: FecOffice;
  election_state: string;
  election_district: string | null;
  treasurer_first_name: string;
  treasurer_last_name: string;
  time_zone: string | null;
  updated_at: Timestamp;
}

export interface CampaignTreasurersTable {
  id: Generated<number>;
  candidate_id: number;
  user_id: number;
  named_at: Generated<Date>;
  revoked_at: Timestamp | null;
}

export interface FortyEightHourNoticesTable {
  id: Generated<number>;
  candidate_id: number;
  election: 'primary' | 'general';
  created_at: Generated<Date>;
  filed_at: Timestamp | null;
}

export interface FortyEightHourNoticeGiftsTable {
  /** bigint: read as a string by the drivers. */
  donation_id: ColumnType<string, string, string>;
  notice_id: number;
}
