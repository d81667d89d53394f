import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import type { RealtimePort } from '../../ports/realtime';
import { NotFoundError } from '../errors';
import { announceNotification, createNotification } from '../notifications/service';
import { hitRateLimit } from '../rate-limits/service';
import { type MailConfig, replyEmail } from './mail';
import { threadPath } from './references';
import type { StaffMessageInput, TicketUpdateInput } from './schema';
import { STAFF_MESSAGE_LIMIT } from './spam';

export interface StaffDeps {
  db: Db;
  email: EmailPort;
  realtime?: RealtimePort;
  config: MailConfig;
}

/**
 * A staff reply or internal note (console, MANAGE_SUPPORT_TICKETS). A reply is emailed to the
 * requester and, for a member, raises a notification (type 11, "announcement from staff": the
 * eleven types are fixed by docs/product/rulings.md, and a reply from support is one), all in the
 * transaction that stores it; the request then waits on the member, or is resolved. A note only
 * stores the text: it never reaches the requester. An unassigned ticket becomes the replier's.
 */
export async function addStaffMessage(
  deps: StaffDeps,
  input: StaffMessageInput,
  staffId: number,
): Promise<number> {
  const { db, email } = deps;
  await hitRateLimit(db, STAFF_MESSAGE_LIMIT, String(staffId));
  const outcome = await db.transaction().execute(async (trx) => {
    const ticket = await trx
      .selectFrom('support_tickets')
      .select(['id', 'reference', 'email', 'subject', 'user_id', 'status'])
      .where('id', '=', input.ticket_id)
      .forUpdate()
      .executeTakeFirst();
    if (!ticket) throw new NotFoundError(`No support ticket ${input.ticket_id}.`);
    const message = await trx
      .insertInto('support_ticket_messages')
      .values({ ticket_id: ticket.id, kind: input.kind, author_id: staffId, body: input.body })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.kind === 'note') {
      await trx
        .updateTable('support_tickets')
        .set({ updated_at: sql`now()` })
        .where('id', '=', ticket.id)
        .execute();
      return { id: message.id, notice: null };
    }
    const resolved = input.resolve === true;
    await trx
      .updateTable('support_tickets')
      .set({
        status: resolved ? 'resolved' : 'waiting_on_member',
        assignee_id: sql`coalesce(assignee_id, ${staffId}::int)`,
        last_message_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('id', '=', ticket.id)
      .execute();
    await email.send(trx, replyEmail(deps.config, ticket, { body: input.body, resolved }));
    const notice =
      ticket.user_id === null
        ? null
        : await createNotification(trx, {
            userId: ticket.user_id,
            type: NOTIFICATION_TYPE.announcement,
            message: `Support answered your request ${ticket.reference}: ${ticket.subject}`,
            route: threadPath(ticket.reference),
          });
    return { id: message.id, notice };
  });
  if (input.kind === 'staff') await deliverAfterCommit(db, email);
  if (deps.realtime) announceNotification(deps.realtime, outcome.notice);
  return outcome.id;
}

/** Status and assignment from the console: "assign to me", unassign, open / waiting / resolved. */
export async function updateTicket(
  db: Db,
  ticketId: number,
  input: TicketUpdateInput,
  staffId: number,
): Promise<void> {
  const changes = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.assignee === undefined ? {} : { assignee_id: input.assignee === 'me' ? staffId : null }),
  };
  const result = await db
    .updateTable('support_tickets')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', ticketId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new NotFoundError(`No support ticket ${ticketId}.`);
}
