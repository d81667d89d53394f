import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

// What the staff console manages: blocks, audit, toggles, red flags, coupons, health checks, job progress.

export interface BlockedIpsTable {
  ip: string;
  reason: string;
  blocked_by: number | null;
  created_at: CreatedAt;
}

export interface AuditLogsTable {
  id: Generated<string>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown | null;
  after: unknown | null;
  ip: string | null;
  created_at: CreatedAt;
}

export interface FeatureTogglesTable {
  name: string;
  enabled: boolean;
  description: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** Console tables (migrations/0004_console.ts). */
export type RedFlagTargetType = 'profile' | 'message' | 'job' | 'post';
export type RedFlagStatus = 'open' | 'resolved' | 'dismissed';

export interface RedFlagsTable {
  id: Generated<number>;
  reporter_id: number | null;
  target_type: RedFlagTargetType;
  target_id: string;
  reason: string;
  details: string | null;
  status: Generated<RedFlagStatus>;
  action_taken: string | null;
  reviewer_id: number | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  min_subtotal_cents: Generated<number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  max_redemptions: number | null;
  redemptions_count: Generated<number>;
  active: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface HealthCheckRunsTable {
  id: Generated<number>;
  started_by: number | null;
  status: 'pass' | 'fail' | 'partial';
  results: unknown;
  duration_ms: number;
  created_at: CreatedAt;
}

/** migrations/0013_job_progress.ts: how far a background job got, written while it runs. */
export interface JobProgressTable {
  job_id: string;
  queue: string;
  done: number | null;
  total: number | null;
  message: string | null;
  updated_at: Generated<Date>;
}
