import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

type Status = 'open' | 'waiting_on_member' | 'resolved';

/** Requests from /contact (migrations/0020_support_tickets.ts). */
export interface SupportTicketsTable {
  id: Generated<number>;
  reference: string;
  user_id: number | null;
  email: string;
  topic: string;
  subject: string;
  order_number: string | null;
  donation_reference: string | null;
  status: ColumnType<Status, Status | undefined, Status>;
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  last_message_at: Timestamp;
}

/** A ticket's thread; 'note' rows are staff-only. */
export interface SupportTicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  kind: 'requester' | 'staff' | 'note';
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
}
