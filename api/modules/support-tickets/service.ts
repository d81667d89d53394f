import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { log } from '../../platform/logger';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import { NotFoundError, ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { checkAttachments, type Requester } from './attachments';
import { confirmationEmail, type MailConfig } from './mail';
import { TICKET_REFERENCE, threadTokenValid, ticketReference } from './references';
import type { NewTicketInput } from './schema';
import { limitNewTickets, looksAutomated, REPLY_LIMIT } from './spam';

export interface TicketDeps {
  db: Db;
  email: EmailPort;
  config: MailConfig;
}

/** 'filed' with the new reference; 'dropped' when the spam traps caught it (answered as a success). */
export type FileResult = { outcome: 'filed'; reference: string } | { outcome: 'dropped' };

/**
 * A request from /contact: checked, stored with its first message, and confirmed by email, in one
 * transaction (the email leaves after commit). A member's request is tied to their account and
 * answered at their account's address; a visitor's at the address they typed, with nothing they
 * wrote in the mail (mail.ts, OwnWords).
 */
export async function fileTicket(
  deps: TicketDeps,
  input: NewTicketInput,
  meta: { ip: string; userId: number | null },
): Promise<FileResult> {
  const { db, email } = deps;
  if (looksAutomated(input)) {
    log.warn('support ticket dropped by the spam traps', { ip: meta.ip });
    return { outcome: 'dropped' };
  }
  const requester = await requesterOf(db, input, meta.userId);
  // Before the attachment check, so guessing order numbers costs requests.
  await limitNewTickets(db, meta.ip, requester.email);
  await checkAttachments(db, requester, input);
  const reference = ticketReference();
  await db.transaction().execute(async (trx) => {
    const ticket = await trx
      .insertInto('support_tickets')
      .values({
        reference,
        user_id: requester.userId,
        email: requester.email,
        topic: input.topic,
        subject: input.subject,
        order_number: input.orderNumber ?? null,
        donation_reference: input.donationReference ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('support_ticket_messages')
      .values({ ticket_id: ticket.id, kind: 'requester', author_id: requester.userId, body: input.message })
      .execute();
    const ownWords = requester.addressVerified ? { subject: input.subject, message: input.message } : null;
    await email.send(trx, confirmationEmail(deps.config, { reference, email: requester.email }, ownWords));
  });
  await deliverAfterCommit(db, email);
  return { outcome: 'filed', reference };
}

/** Who asks, and whether their address is shown to be theirs (a member's verified account address). */
async function requesterOf(
  db: Db,
  input: NewTicketInput,
  userId: number | null,
): Promise<Requester & { addressVerified: boolean }> {
  if (userId === null) {
    if (!input.email)
      throw new ValidationError({ email: ['Please enter your email address so we can answer.'] });
    return { userId: null, email: input.email, addressVerified: false };
  }
  const user = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, email: user.email.toLowerCase(), addressVerified: user.email_verified_at !== null };
}

/** How someone opens a thread: the member who filed it, or anyone holding the emailed token. */
export type ThreadAccess = { userId: number | null; token?: string | undefined };

const NO_SUCH_REQUEST = 'This request could not be found, or the link is not valid.';

/**
 * The ticket behind a reference, if this caller may see it; otherwise NotFound, whether it exists
 * or not (a forged token or someone else's reference learns nothing).
 */
export async function ticketFor(db: Db, secret: string, reference: string, access: ThreadAccess) {
  if (!TICKET_REFERENCE.test(reference)) throw new NotFoundError(NO_SUCH_REQUEST);
  const ticket = await db
    .selectFrom('support_tickets')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  const mine = ticket && access.userId !== null && ticket.user_id === access.userId;
  if (!ticket || !(mine || threadTokenValid(secret, reference, access.token))) {
    throw new NotFoundError(NO_SUCH_REQUEST);
  }
  return ticket;
}

/** The requester answers on their thread page: the request is open again for staff. */
export async function replyAsRequester(
  deps: { db: Db; config: MailConfig },
  reference: string,
  access: ThreadAccess,
  message: string,
): Promise<void> {
  const { db } = deps;
  const ticket = await ticketFor(db, deps.config.appSecret, reference, access);
  await hitRateLimit(db, REPLY_LIMIT, reference);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('support_ticket_messages')
      .values({ ticket_id: ticket.id, kind: 'requester', author_id: access.userId, body: message })
      .execute();
    await trx
      .updateTable('support_tickets')
      .set({ status: 'open', last_message_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', ticket.id)
      .execute();
  });
}
