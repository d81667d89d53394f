import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';

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
 */
export interface EmailPort {
  readonly transport: 'outbox' | 'smtp';
  send(db: Db, message: EmailMessage): Promise<void>;
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
