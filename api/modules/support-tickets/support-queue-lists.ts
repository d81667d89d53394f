import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { SUPPORT_TICKET_STATUSES, SUPPORT_TOPICS } from '../../contract/support-tickets';
import { containsPattern, defineList } from '../lists/list-spec';

/**
 * The support queue's console lists (docs/decisions/0029-help-center-and-support-tickets.md): the
 * tickets with their requester and assignee, and each ticket's thread.
 */
const topicValues = SUPPORT_TOPICS.map((t) => t.value) as [string, ...string[]];
const idFilter = z.coerce.number().int().positive().max(2_147_483_647);

const ticketFilters = {
  status: z.enum(SUPPORT_TICKET_STATUSES).optional(),
  topic: z.enum(topicValues).optional(),
  assignee_id: idFilter.optional(),
  unassigned: z.boolean().optional(),
  q: z.string().trim().max(120).optional(),
};
type TicketFilter = {
  status?: string;
  topic?: string;
  assignee_id?: number;
  unassigned?: boolean;
  q?: string;
};

const personName = (alias: 'r' | 'a') =>
  sql<
    string | null
  >`CASE WHEN ${sql.ref(`${alias}.kind`)} = 'organization' THEN ${sql.ref(`${alias}.org_name`)}
    ELSE nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '') END`;

function ticketRows(db: Db, filter: TicketFilter) {
  let query = db
    .selectFrom('support_tickets as t')
    .leftJoin('users as r', 'r.id', 't.user_id')
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .select([
      't.id',
      't.reference',
      't.subject',
      't.topic',
      't.status',
      't.email',
      't.user_id',
      personName('r').as('requester_name'),
      't.order_number',
      't.donation_reference',
      't.assignee_id',
      personName('a').as('assignee_name'),
      't.created_at',
      't.last_message_at',
      sql<number>`(SELECT count(*)::int FROM support_ticket_messages m WHERE m.ticket_id = t.id AND m.kind <> 'note')`.as(
        'messages',
      ),
    ]);
  if (filter.status) query = query.where('t.status', '=', filter.status as never);
  if (filter.topic) query = query.where('t.topic', '=', filter.topic);
  if (filter.assignee_id) query = query.where('t.assignee_id', '=', filter.assignee_id);
  if (filter.unassigned) query = query.where('t.assignee_id', 'is', null);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('t.reference', 'ilike', pattern),
        eb('t.email', 'ilike', pattern),
        eb('t.subject', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

export const supportTicketsSpec = defineList({
  resource: 'support-tickets',
  sortable: ['last_message_at', 'created_at', 'status', 'topic', 'id'],
  defaultSort: ['last_message_at', 'DESC'],
  filters: ticketFilters,
  rows: ticketRows,
  csvColumns: [
    'reference',
    'created_at',
    'last_message_at',
    'status',
    'topic',
    'subject',
    'email',
    'requester_name',
    'order_number',
    'donation_reference',
    'assignee_name',
    'messages',
  ],
});

/** A thread, notes included: the console is the only reader of notes. */
export const supportTicketMessagesSpec = defineList({
  resource: 'support-ticket-messages',
  sortable: ['id', 'created_at'],
  defaultSort: ['id', 'ASC'],
  filters: { ticket_id: idFilter.optional() },
  rows: (db: Db, filter: { ticket_id?: number }) => {
    let query = db
      .selectFrom('support_ticket_messages as m')
      .leftJoin('users as r', 'r.id', 'm.author_id')
      .select([
        'm.id',
        'm.ticket_id',
        'm.kind',
        'm.body',
        'm.author_id',
        'm.created_at',
        personName('r').as('author_name'),
      ]);
    if (filter.ticket_id) query = query.where('m.ticket_id', '=', filter.ticket_id);
    return query;
  },
});
