import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import { log } from '../../platform/logger';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/**
 * Sends email. Every adapter records each message in email_outbox first, so nothing is lost
 * when a transport fails and staff can see what was sent.
 *
 * `send` given a transaction only queues the message (a transactional outbox): it must not leave
 * before the order or account change it describes has committed. The caller then calls
 * `deliverAfterCommit`; the email delivery job (api/jobs/email-delivery.ts) delivers, with retries
 * and backoff, whatever a refused send or a crash left queued.
 */
export interface EmailPort {
  readonly transport: 'outbox' | 'smtp';
  send(db: Db, message: EmailMessage): Promise<void>;
  /** Delivers messages queued inside transactions; returns how many left. */
  deliverQueued(db: Db): Promise<number>;
  /** Messages still waiting for delivery (queued, or refused with attempts left). */
  undelivered(db: Db): Promise<number>;
}

/** What an adapter calls when a message could not leave, so a retrying job picks it up. */
export interface EmailHooks {
  onUndelivered?: () => void;
}

/** Delivery after a commit must never undo or fail the committed change: errors are logged. */
export async function deliverAfterCommit(db: Db, email: EmailPort): Promise<void> {
  try {
    await email.deliverQueued(db);
  } catch (error) {
    log.error('queued email delivery failed; the email delivery job retries', error);
  }
}

export function recordEmail(db: Db, message: EmailMessage, transport: string) {
  return db
    .insertInto('email_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      headers: jsonb(message.headers ?? {}),
      transport,
      status: 'stored',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
