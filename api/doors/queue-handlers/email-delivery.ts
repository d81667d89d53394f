import type { Db } from '../../../db/client';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import type { JobsPort } from '../../ports/queue';

export const EMAIL_DELIVERY_QUEUE = 'email-delivery';

/**
 * Retries of a delivery run while messages stay undelivered: 12 runs, 30 s apart and doubling
 * (about an hour of SMTP outage), each one attempt per message (MAX_DELIVERY_ATTEMPTS).
 */
const RETRIES = { retryLimit: 11, retryDelaySeconds: 30, retryBackoff: true } as const;

/**
 * One delivery run: sends whatever waits in the outbox. Throws while messages are left, so the
 * queue runs it again later with backoff instead of the request that queued them.
 */
export async function deliverQueuedEmail(db: Db, email: EmailPort): Promise<void> {
  await email.deliverQueued(db);
  const left = await email.undelivered(db);
  if (left > 0) throw new Error(`${left} email message(s) not delivered yet; retrying with backoff`);
}

/** Asks for a delivery run; one waits at a time (a 'stately' queue drops the duplicates). */
export function requestEmailDelivery(jobs: JobsPort): void {
  jobs
    .send(EMAIL_DELIVERY_QUEUE, {})
    .catch((error: unknown) => log.error('could not queue an email delivery run', error));
}

export async function registerEmailDelivery(
  jobs: JobsPort,
  deps: { db: Db; email: EmailPort },
  pollingIntervalSeconds?: number,
): Promise<void> {
  await jobs.defineQueue(EMAIL_DELIVERY_QUEUE, { policy: 'stately', ...RETRIES });
  await jobs.work(EMAIL_DELIVERY_QUEUE, () => deliverQueuedEmail(deps.db, deps.email), {
    pollingIntervalSeconds,
  });
}
