import type { Db } from '../../../db/client';
import type { SupportTicketStatus } from '../../contract/support-tickets';

export interface RequestSummary {
  reference: string;
  subject: string;
  topic: string;
  status: SupportTicketStatus;
  created_at: Date;
  last_message_at: Date;
}

export interface ThreadMessage {
  id: number;
  /** requester or staff: internal notes are never read by this query. */
  kind: 'requester' | 'staff';
  body: string;
  created_at: Date;
}

/** "Your requests": the member's own tickets, newest activity first. */
export function memberRequests(db: Db, userId: number): Promise<RequestSummary[]> {
  return db
    .selectFrom('support_tickets')
    .select(['reference', 'subject', 'topic', 'status', 'created_at', 'last_message_at'])
    .where('user_id', '=', userId)
    .orderBy('last_message_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** The thread as the requester sees it: their messages and staff replies, never notes. */
export async function requesterThread(db: Db, ticketId: number): Promise<ThreadMessage[]> {
  const rows = await db
    .selectFrom('support_ticket_messages')
    .select(['id', 'kind', 'body', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .where('kind', 'in', ['requester', 'staff'])
    .orderBy('id')
    .execute();
  return rows as ThreadMessage[];
}
