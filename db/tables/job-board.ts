import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';
import type { DateOnly } from './donations';

/** The job board (migrations/0019_job_marketplace.ts, docs/decisions/0028-job-board.md). */

export type JobPostingStatus = 'open' | 'closed';
/** The same lists as api/contract/job-board.ts (db/ imports nothing from the app). */
export type JobApplicationStatus = 'submitted' | 'viewed' | 'shortlisted' | 'rejected' | 'hired';
export type JobPayUnit = 'YEAR' | 'HOUR';

export interface JobPostingsTable {
  id: Generated<number>;
  employer_id: number;
  title: string;
  organization: string;
  state: string;
  remote: Generated<boolean>;
  jobtype: string;
  employment: string;
  position: string | null;
  skills: ColumnType<string[], string[] | undefined, string[]>;
  pay_min_cents: number | null;
  pay_max_cents: number | null;
  pay_unit: ColumnType<JobPayUnit, JobPayUnit | undefined, JobPayUnit>;
  description: string;
  /** Select as text: sql<string>`closes_on::text` (see DateOnly). */
  closes_on: DateOnly;
  status: ColumnType<JobPostingStatus, JobPostingStatus | undefined, JobPostingStatus>;
  closed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  /** Generated columns: read, never written. */
  pay_min_annual_cents: ColumnType<string | number | null, never, never>;
  pay_max_annual_cents: ColumnType<string | number | null, never, never>;
  search: ColumnType<string, never, never>;
}

export interface JobApplicationsTable {
  id: Generated<number>;
  job_id: number;
  applicant_id: number;
  cover_note: string;
  status: ColumnType<JobApplicationStatus, JobApplicationStatus | undefined, JobApplicationStatus>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface JobSavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  query: string;
  last_digest_on: DateOnly | null;
  created_at: CreatedAt;
}
