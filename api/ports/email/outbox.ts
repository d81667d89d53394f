import { withDesign } from './design/render';
import { type EmailPort, recordEmail, recordKeyedEmail } from './port';

/** The default: messages are only stored, and readable at /dev/mailbox where that is enabled. */
export function outboxEmail(): EmailPort {
  return {
    transport: 'outbox',
    async send(db, message) {
      await recordEmail(db, await withDesign(message), 'outbox');
    },
    // Stored is final here: nothing to deliver.
    async deliverQueued() {
      return 0;
    },
    async undelivered() {
      return 0;
    },
    // Stored is delivered here, so the insert that takes the key is the whole send.
    async sendOnce(db, message, key) {
      const id = await recordKeyedEmail(db, await withDesign(message), 'outbox', key, 'stored');
      return id === null ? { outcome: 'already-sent' } : { outcome: 'sent' };
    },
  };
}
