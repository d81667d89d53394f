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
  /** The targets of the send's tracked links, in order; null until its delivery starts (migrations/0048_email_link_clicks.ts). */
  link_targets: ColumnType<string[] | null, never, string[]>;
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

/** A recipient's first click on one of a send's links (migrations/0048_email_link_clicks.ts); kept 13 months. */
export interface MassEmailLinkClicksTable {
  send_id: number;
  recipient_id: ColumnType<string, string | number, never>;
  link_index: number;
  clicked_at: CreatedAt;
}

/** Clicks older than 13 months, counted per link once their rows are gone. */
export interface MassEmailLinkTotalsTable {
  send_id: number;
  link_index: number;
  clicks: number;
}
