import { sql } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../../db/client';
import { log } from '../../platform/logger';
import { withDesign } from './design/render';
import {
  type EmailHooks,
  type EmailPort,
  type KeyedSendOutcome,
  recordEmail,
  recordKeyedEmail,
} from './port';

type Transport = Parameters<typeof createTransport>[0];

/** Attempts per message before it stays 'failed' for good (one per run of the email delivery job). */
export const MAX_DELIVERY_ATTEMPTS = 12;

/**
 * Real delivery when SMTP_URL is set; the outbox row records the outcome ('stored' = queued,
 * 'sent', or 'failed' with the error and the attempts so far). Outside a transaction a message
 * leaves at once; inside one it waits for deliverQueued, so a rolled-back order never sends its
 * confirmation. Delivery never fails the caller: the change the email describes has happened, and
 * a refused or unreachable server leaves the message to the email delivery job's retries, which
 * `hooks.onUndelivered` asks for.
 */
/** Rows still to deliver: queued, or refused with attempts left. */
function deliverable(db: Db) {
  return (
    db
      .selectFrom('email_outbox')
      .where('transport', '=', 'smtp')
      // Keyed messages (mass email, docs/decisions/0022-mass-email.md) are retried by their owner, at most once each.
      .where('idempotency_key', 'is', null)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'stored'),
          eb.and([eb('status', '=', 'failed'), eb('attempts', '<', MAX_DELIVERY_ATTEMPTS)]),
        ]),
      )
  );
}

/**
 * A refusal the server says is final: an SMTP 5xx reply (550 no such mailbox...). A 4xx reply or a
 * connection that failed is soft and may succeed later. nodemailer puts the reply code on the error.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** EMAIL_FROM's address under the name a message asks for. */
function senderOf(from: string, fromName: string | null) {
  if (!fromName) return from;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return { name: fromName, address };
}

export function smtpEmail(transport: string | Transport, from: string, hooks: EmailHooks = {}): EmailPort {
  const transporter: Transporter = createTransport(transport);

  /** Sends one row, which the caller has locked, and records the outcome; true when it left. */
  async function deliver(trx: Db, id: number): Promise<boolean> {
    const row = await trx
      .selectFrom('email_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    try {
      await transporter.sendMail({
        from: senderOf(from, row.from_name),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        headers: row.headers,
      });
      await trx
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: new Date(), error: null, attempts: sql`attempts + 1` })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (error) {
      await trx
        .updateTable('email_outbox')
        .set({ status: 'failed', error: String(error), attempts: sql`attempts + 1` })
        .where('id', '=', id)
        .execute();
      log.warn(`email ${id} not delivered; the email delivery job retries it`, error);
      hooks.onUndelivered?.();
      return false;
    }
  }

  /**
   * Locks the next deliverable row after `afterId` (queued, or failed with attempts left), skipping
   * rows another process is delivering, and delivers it. Null when there is none.
   */
  function deliverNext(db: Db, afterId: number, onlyId?: number) {
    return db.transaction().execute(async (trx) => {
      let query = deliverable(trx).select('id').where('id', '>', afterId);
      if (onlyId !== undefined) query = query.where('id', '=', onlyId);
      const next = await query.orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
      if (!next) return null;
      return { id: next.id, sent: await deliver(trx, next.id) };
    });
  }

  /**
   * A keyed message: the row is committed as 'sending' before the message leaves, so a crash
   * between the server's acceptance and the 'sent' mark leaves 'sending', which is never sent
   * again ('unconfirmed'). A row the server refused ('failed') is known not to have left and is
   * taken again by a conditional update, so two workers never both send it.
   */
  async function sendOnce(db: Db, plain: Parameters<EmailPort['send']>[1], key: string) {
    const message = await withDesign(plain);
    let id = await recordKeyedEmail(db, message, 'smtp', key, 'sending');
    if (id === null) {
      const retaken = await db
        .updateTable('email_outbox')
        .set({ status: 'sending' })
        .where('idempotency_key', '=', key)
        .where('status', '=', 'failed')
        .returning('id')
        .executeTakeFirst();
      if (!retaken) {
        const earlier = await db
          .selectFrom('email_outbox')
          .select('status')
          .where('idempotency_key', '=', key)
          .executeTakeFirstOrThrow();
        return { outcome: earlier.status === 'sent' ? 'already-sent' : 'unconfirmed' } as KeyedSendOutcome;
      }
      id = retaken.id;
    }
    try {
      await transporter.sendMail({
        from: senderOf(from, message.fromName ?? null),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    } catch (error) {
      await db
        .updateTable('email_outbox')
        .set({ status: 'failed', error: String(error), attempts: sql`attempts + 1` })
        .where('id', '=', id)
        .execute();
      return {
        outcome: 'failed',
        permanent: isPermanentFailure(error),
        error: String(error),
      } as KeyedSendOutcome;
    }
    await db
      .updateTable('email_outbox')
      .set({ status: 'sent', sent_at: new Date(), error: null, attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .execute();
    return { outcome: 'sent' } as KeyedSendOutcome;
  }

  return {
    transport: 'smtp',
    sendOnce,
    async send(db, message) {
      const { id } = await recordEmail(db, await withDesign(message), 'smtp');
      if (db.isTransaction) return;
      // At once, under the row lock so a maintenance run at the same moment cannot send it twice.
      await deliverNext(db, id - 1, id);
    },
    async undelivered(db) {
      const { count } = await deliverable(db)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
    async deliverQueued(db) {
      let delivered = 0;
      // Each row at most once per run: a failure moves the cursor on instead of retrying in a loop.
      for (let afterId = 0; ; ) {
        const outcome = await deliverNext(db, afterId);
        if (!outcome) return delivered;
        afterId = outcome.id;
        if (outcome.sent) delivered++;
      }
    },
  };
}
