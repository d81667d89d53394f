import { sql } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../../db/client';
import { log } from '../../platform/logger';
import { type EmailPort, recordEmail } from './port';

type Transport = Parameters<typeof createTransport>[0];

/** Attempts per message before it stays 'failed' for good (maintenance runs every 5 minutes). */
export const MAX_DELIVERY_ATTEMPTS = 12;

/**
 * Real delivery when SMTP_URL is set; the outbox row records the outcome ('stored' = queued,
 * 'sent', or 'failed' with the error and the attempts so far). Outside a transaction a message
 * leaves at once; inside one it waits for deliverQueued, so a rolled-back order never sends its
 * confirmation. Delivery never fails the caller: the change the email describes has happened, and
 * a refused or unreachable server leaves the message to the maintenance job's retries.
 */
export function smtpEmail(transport: string | Transport, from: string): EmailPort {
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
      log.warn(`email ${id} not delivered; the maintenance job retries it`, error);
      return false;
    }
  }

  /**
   * Locks the next deliverable row after `afterId` (queued, or failed with attempts left), skipping
   * rows another process is delivering, and delivers it. Null when there is none.
   */
  function deliverNext(db: Db, afterId: number, onlyId?: number) {
    return db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('email_outbox')
        .select('id')
        .where('transport', '=', 'smtp')
        .where('id', '>', afterId)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'stored'),
            eb.and([eb('status', '=', 'failed'), eb('attempts', '<', MAX_DELIVERY_ATTEMPTS)]),
          ]),
        );
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
