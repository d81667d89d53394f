import { EVENT_MESSAGES_QUEUE } from '../../../api/modules/events/message-queue';
import { log } from '../../../api/platform/logger';
import type { PageContext } from '../../server/page';

/**
 * Asks the queue to send what a sign-up or a cancel left due now. The messages themselves are
 * found by the job from the database, so a send lost here only waits for the job's next minute.
 */
export async function wakeEventMessages(c: PageContext): Promise<void> {
  try {
    await c.get('jobs').send(EVENT_MESSAGES_QUEUE, {});
  } catch (error) {
    log.error('event messages: the wake-up job was not queued; the schedule sends them', error);
  }
}
