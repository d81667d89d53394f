import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../../db/client';
import { type EmailPort, recordEmail } from './port';

type Transport = Parameters<typeof createTransport>[0];

/**
 * Real delivery when SMTP_URL is set; the outbox row records the outcome ('stored' = queued,
 * then 'sent' or 'failed'). Outside a transaction a message leaves at once; inside one it waits
 * for deliverQueued, so a rolled-back order never sends its confirmation.
 */
export function smtpEmail(transport: string | Transport, from: string): EmailPort {
  const transporter: Transporter = createTransport(transport);

  /** Sends one stored row and records the outcome; returns the error instead of throwing. */
  async function deliver(db: Db, id: number): Promise<unknown> {
    const row = await db
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
      await db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: new Date() })
        .where('id', '=', id)
        .execute();
      return null;
    } catch (error) {
      await db
        .updateTable('email_outbox')
        .set({ status: 'failed', error: String(error) })
        .where('id', '=', id)
        .execute();
      return error;
    }
  }

  return {
    transport: 'smtp',
    async send(db, message) {
      const { id } = await recordEmail(db, message, 'smtp');
      if (db.isTransaction) return;
      const error = await deliver(db, id);
      if (error) throw error;
    },
    async deliverQueued(db) {
      let delivered = 0;
      for (;;) {
        // One row at a time, locked and skipped by other processes delivering at the same moment.
        const outcome = await db.transaction().execute(async (trx) => {
          const next = await trx
            .selectFrom('email_outbox')
            .select('id')
            .where('transport', '=', 'smtp')
            .where('status', '=', 'stored')
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (!next) return 'none';
          // A failure is recorded on the row ('failed') and committed; the loop moves on.
          return (await deliver(trx, next.id)) === null ? 'sent' : 'failed';
        });
        if (outcome === 'none') return delivered;
        if (outcome === 'sent') delivered++;
      }
    },
  };
}
