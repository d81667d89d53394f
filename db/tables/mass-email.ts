import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Mass email (migrations/0016_mass_email.ts, docs/decisions/0022-mass-email.md). */

export type SuppressionReason = 'unsubscribed' | 'hard_bounce' | 'opted_out';
export type MassEmailSendStatus = 'draft' | 'queued' | 'sending' | 'sent' | 'cancelled';
export type MassEmailRecipientStatus = 'pending' | 'sending' | 'sent' | 'suppressed' | 'failed';

export interface EmailSuppressionsTable {
  email: string;
  reason: SuppressionReason;
  source: string;
  created_at: CreatedAt;
}

export interface MassEmailSendsTable {
  id: Generated<number>;
  audience_kind: string;
  audience_params: ColumnType<Record<string, unknown>, Record<string, unknown>, Record<string, unknown>>;
  audience_label: string;
  audience_reason: string;
  subject: string;
  body: string;
  from_name: string;
  created_by: number | null;
  status: ColumnType<MassEmailSendStatus, MassEmailSendStatus | undefined, MassEmailSendStatus>;
  total: Generated<number>;
  sent_count: Generated<number>;
  suppressed_count: Generated<number>;
  failed_count: Generated<number>;
  job_id: string | null;
  created_at: CreatedAt;
  queued_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface MassEmailRecipientsTable {
  /** bigserial: read as a string by the drivers. */
  id: ColumnType<string, never, never>;
  send_id: number;
  email: string;
  first_name: string | null;
  status: ColumnType<
    MassEmailRecipientStatus,
    MassEmailRecipientStatus | undefined,
    MassEmailRecipientStatus
  >;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  error: string | null;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
}

/** Recipients a member's sends queued in a month (migrations/0023_gotv.ts, docs/decisions/0032-gotv-and-candidate-emails.md). */
export interface MassEmailAllowanceUsageTable {
  user_id: number;
  /** The first day of the month, 'YYYY-MM-DD' as written; read back as a Date. */
  month: ColumnType<Date, string, string>;
  used: number;
}
