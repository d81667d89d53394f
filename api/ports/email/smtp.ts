import { createTransport } from 'nodemailer';
import { type EmailPort, recordEmail } from './port';

/** Real delivery when SMTP_URL is set; the outbox row records the outcome. */
export function smtpEmail(smtpUrl: string, from: string): EmailPort {
  const transporter = createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(db, message) {
      const { id } = await recordEmail(db, message, 'smtp');
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
        await db
          .updateTable('email_outbox')
          .set({ status: 'sent', sent_at: new Date() })
          .where('id', '=', id)
          .execute();
      } catch (error) {
        await db
          .updateTable('email_outbox')
          .set({ status: 'failed', error: String(error) })
          .where('id', '=', id)
          .execute();
        throw error;
      }
    },
  };
}
