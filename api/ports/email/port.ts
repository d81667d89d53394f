import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import { log } from '../../platform/logger';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The sender name shown for this message; the address stays EMAIL_FROM. */
  fromName?: string;
}

/**
 * What became of a keyed message (`sendOnce`). A key is sent at most once: an earlier attempt that
 * left ('already-sent') or may have left ('unconfirmed': handed to the server, never confirmed)
 * is never sent again; only a refusal the server answered ('failed') may be tried again.
 */
export type KeyedSendOutcome =
  | { outcome: 'sent' }
  | { outcome: 'already-sent' }
  | { outcome: 'unconfirmed' }
  | { outcome: 'failed'; permanent: boolean; error: string };

/**
 * Sends email. Every adapter records each message in email_outbox first, so nothing is lost
 * when a transport fails and staff can see what was sent.
 *
 * `send` given a transaction only queues the message (a transactional outbox): it must not leave
 * before the order or account change it describes has committed. The caller then calls
 * `deliverAfterCommit`; the email delivery job (api/doors/queue-handlers/email-delivery.ts) delivers, with retries
 * and backoff, whatever a refused send or a crash left queued.
 */
export interface EmailPort {
  readonly transport: 'outbox' | 'smtp';
  send(db: Db, message: EmailMessage): Promise<void>;
  /** Delivers messages queued inside transactions; returns how many left. */
  deliverQueued(db: Db): Promise<number>;
  /** Messages still waiting for delivery (queued, or refused with attempts left). */
  undelivered(db: Db): Promise<number>;
  /**
   * Sends a message at most once per `key` (docs/decisions/0022-mass-email.md), outside any transaction: the
   * outbox row is written (and, for SMTP, marked 'sending') and committed before it leaves. The
   * caller retries a soft failure itself; keyed rows are not the email-delivery job's to retry.
   */
  sendOnce(db: Db, message: EmailMessage, key: string): Promise<KeyedSendOutcome>;
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

function outboxRow(message: EmailMessage, transport: string) {
  return {
    to_address: message.to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html ?? null,
    headers: jsonb(message.headers ?? {}),
    from_name: message.fromName ?? null,
    transport,
  };
}

export function recordEmail(db: Db, message: EmailMessage, transport: string) {
  return db
    .insertInto('email_outbox')
    .values({ ...outboxRow(message, transport), status: 'stored' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Writes a keyed message unless its key is there already: its id, or null when an earlier attempt
 * holds the key. `status` is what the new row starts as ('stored' is final for the outbox).
 */
export async function recordKeyedEmail(
  db: Db,
  message: EmailMessage,
  transport: string,
  key: string,
  status: 'stored' | 'sending',
): Promise<number | null> {
  const row = await db
    .insertInto('email_outbox')
    .values({ ...outboxRow(message, transport), status, idempotency_key: key })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
