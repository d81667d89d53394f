import { type EmailPort, recordEmail } from './port';

/** The default: messages are only stored, and readable at /dev/mailbox where that is enabled. */
export function outboxEmail(): EmailPort {
  return {
    transport: 'outbox',
    async send(db, message) {
      await recordEmail(db, message, 'outbox');
    },
    // Stored is final here: nothing to deliver.
    async deliverQueued() {
      return 0;
    },
    async undelivered() {
      return 0;
    },
  };
}
