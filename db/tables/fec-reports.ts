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
