import type { Db } from '../../../db/client';
import { EVENT_MESSAGES_QUEUE } from '../../modules/events/message-queue';
import { sendDueEventMessages } from '../../modules/events/reminders';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import type { JobsPort } from '../../ports/queue';

/** Every minute: reminders are due to the minute, and a confirmation waits at most this long if its wake-up is lost. */
export const EVENT_MESSAGES_CRON = '* * * * *';

export interface EventMessageJobDeps {
  db: Db;
  email: EmailPort;
  links: { appUrl: string; appSecret: string };
}

/**
 * Sign-ups' messages (decision 0092): confirmations, waitlist moves, the 24-hour and 2-hour
 * reminders and thank-yous, sent by api/modules/events/reminders.ts. 'stately' keeps one run
 * queued behind the active one (a wake-up during a run is not lost); a run that dies is retried
 * after the queue's expiry, and sends nothing twice (each message is keyed).
 */
export async function registerEventMessages(
  jobs: JobsPort,
  deps: EventMessageJobDeps,
  pollingIntervalSeconds?: number,
): Promise<void> {
  await jobs.defineQueue(EVENT_MESSAGES_QUEUE, {
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
  });
  await jobs.work(
    EVENT_MESSAGES_QUEUE,
    async () => {
      const sent = await sendDueEventMessages(deps);
      const total = Object.values(sent).reduce((a, b) => a + b, 0);
      if (total > 0) log.info(`event messages: ${JSON.stringify(sent)}`);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(EVENT_MESSAGES_QUEUE, EVENT_MESSAGES_CRON);
}
