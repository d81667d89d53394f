import { log } from '../../platform/logger';
import type { JobsPort } from '../../ports/queue';

/**
 * The queue that sends sign-ups' messages (confirmations, waitlist moves, reminders, thank-yous):
 * api/doors/queue-handlers/event-messages.ts works it every minute, and a sign-up or a cancel sends
 * it a job so a confirmation leaves at once instead of at the next minute.
 */
export const EVENT_MESSAGES_QUEUE = 'event-messages';

/**
 * Asks the queue to send what a sign-up or a cancel left due now. The messages themselves are
 * found by the job from the database, so a request lost here only waits for the job's next minute.
 */
export async function wakeEventMessages(jobs: JobsPort): Promise<void> {
  try {
    await jobs.send(EVENT_MESSAGES_QUEUE, {});
  } catch (error) {
    log.error('event messages: the wake-up job was not queued; the schedule sends them', error);
  }
}
