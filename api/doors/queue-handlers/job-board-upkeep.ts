import type { Db } from '../../../db/client';
import { closeExpiredPostings } from '../../modules/job-board/postings';
import { sendSavedSearchDigests } from '../../modules/job-board/saved-searches';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import type { JobsPort } from '../../ports/queue';

export const JOB_EXPIRY_QUEUE = 'job-board-expiry';
/** Hourly: a posting closes within the hour after its closing date ends (UTC). */
export const JOB_EXPIRY_CRON = '5 * * * *';
export const JOB_DIGEST_QUEUE = 'job-board-digest';
/** Daily at 14:00 UTC: morning across the United States. */
export const JOB_DIGEST_CRON = '0 14 * * *';

export interface JobBoardJobDeps {
  db: Db;
  email: EmailPort;
  /** The public origin the digest's links start with. */
  appUrl: string;
}

/**
 * The job board's scheduled work (docs/decisions/0019-job-queue.md, 0028): close postings past their closing
 * date, and email each saved search's daily digest. Both are safe to run twice: the close is a
 * conditional update, and each digest is keyed by (saved search, day) in sendOnce.
 */
export async function registerJobBoardJobs(
  jobs: JobsPort,
  deps: JobBoardJobDeps,
  pollingIntervalSeconds?: number,
): Promise<void> {
  await jobs.defineQueue(JOB_EXPIRY_QUEUE, { policy: 'stately', retryLimit: 2, expireInSeconds: 10 * 60 });
  await jobs.work(
    JOB_EXPIRY_QUEUE,
    async () => {
      const closed = await closeExpiredPostings(deps.db, new Date());
      if (closed > 0) log.info(`job board: ${closed} postings closed on their closing date`);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(JOB_EXPIRY_QUEUE, JOB_EXPIRY_CRON);

  await jobs.defineQueue(JOB_DIGEST_QUEUE, { policy: 'stately', retryLimit: 3, expireInSeconds: 30 * 60 });
  await jobs.work(
    JOB_DIGEST_QUEUE,
    async () => {
      const sent = await sendSavedSearchDigests(deps, new Date());
      if (sent > 0) log.info(`job board: ${sent} saved-search digests sent`);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(JOB_DIGEST_QUEUE, JOB_DIGEST_CRON);
}
