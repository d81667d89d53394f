/**
 * The queue that sends sign-ups' messages (confirmations, waitlist moves, reminders, thank-yous):
 * api/doors/queue-handlers/event-messages.ts works it every minute, and a sign-up or a cancel sends
 * it a job so a confirmation leaves at once instead of at the next minute.
 */
export const EVENT_MESSAGES_QUEUE = 'event-messages';
