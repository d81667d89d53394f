import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

// Notifications, conversations, presence, announcements and the email outbox.

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: ColumnType<Record<string, string>, Record<string, string> | undefined, Record<string, string>>;
  transport: string;
  /** 'sending': a keyed message handed to SMTP and not confirmed yet (migrations/0016). */
  status: 'stored' | 'sending' | 'sent' | 'failed';
  error: string | null;
  /** One row per key: a keyed message is sent at most once (docs/decisions/0022-mass-email.md). */
  idempotency_key: string | null;
  /** The sender name this message asks for; the address stays EMAIL_FROM. */
  from_name: string | null;
  /** Delivery attempts so far (SMTP); a failed message is retried while below the limit. */
  attempts: Generated<number>;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

/** migrations/0005_messaging.ts */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** 1 to 11: api/contract/notification-types.ts. */
  type: number;
  message: string;
  route: string | null;
  related_user_id: number | null;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
}

export interface ConversationsTable {
  id: Generated<number>;
  /** The pair is ordered: user_a < user_b. */
  user_a: number;
  user_b: number;
  created_at: CreatedAt;
  last_message_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  recipient_id: number;
  body: string;
  client_id: string;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

export interface OnlinePresenceTable {
  user_id: number;
  instance_id: string;
  seen_at: Timestamp;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  message: string;
  route: string | null;
  sent_by: number | null;
  recipients: Generated<number>;
  created_at: CreatedAt;
}
