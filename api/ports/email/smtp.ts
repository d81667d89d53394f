import { sql } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../../db/client';
import { log } from '../../platform/logger';
import { type EmailHooks, type EmailPort, recordEmail } from './port';

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
  return db
    .selectFrom('email_outbox')
    .where('transport', '=', 'smtp')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'stored'),
        eb.and([eb('status', '=', 'failed'), eb('attempts', '<', MAX_DELIVERY_ATTEMPTS)]),
      ]),
    );
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
        from,
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

  return {
    transport: 'smtp',
    async send(db, message) {
      const { id } = await recordEmail(db, message, 'smtp');
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
