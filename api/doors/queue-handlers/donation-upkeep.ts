import type { Db } from '../../../db/client';
import { expireGiftReservations } from '../../modules/donations/expire-gifts';
import { sendDonationFollowUps } from '../../modules/donations/follow-up';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import type { PaymentsConfig } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';

export const GIFT_EXPIRY_QUEUE = 'donation-reservations';
/** Every 5 minutes: a pending gift's 30-minute reservation is released at most 5 minutes late. */
export const GIFT_EXPIRY_CRON = '*/5 * * * *';
export const FOLLOW_UP_QUEUE = 'donation-follow-ups';
/** Daily at 15:00 UTC (morning in the US): the best-efforts follow-up emails. */
export const FOLLOW_UP_CRON = '0 15 * * *';

export interface DonationJobDeps {
  db: Db;
  email: EmailPort;
  /** appUrl and appSecret sign the follow-up links. */
  payments: Pick<PaymentsConfig, 'appUrl' | 'appSecret'>;
}

/**
 * The donations module's scheduled work (docs/decisions/0019-job-queue.md, 0021): expire pending gifts whose
 * reservation lapsed, and send the best-efforts follow-up once per donor and candidate.
 * Both are safe to run twice: each gift is claimed by a conditional update.
 */
export async function registerDonationJobs(
  jobs: JobsPort,
  deps: DonationJobDeps,
  pollingIntervalSeconds?: number,
): Promise<void> {
  await jobs.defineQueue(GIFT_EXPIRY_QUEUE, { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 });
  await jobs.work(
    GIFT_EXPIRY_QUEUE,
    async () => {
      const expired = await expireGiftReservations(deps.db, new Date());
      if (expired > 0) log.info(`donations: ${expired} pending gifts expired`);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(GIFT_EXPIRY_QUEUE, GIFT_EXPIRY_CRON);
  await jobs.defineQueue(FOLLOW_UP_QUEUE, { policy: 'stately', retryLimit: 2, expireInSeconds: 30 * 60 });
  await jobs.work(
    FOLLOW_UP_QUEUE,
    async () => {
      const sent = await sendDonationFollowUps({ db: deps.db, email: deps.email, config: deps.payments });
      if (sent > 0) log.info(`donations: ${sent} best-efforts follow-ups sent`);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(FOLLOW_UP_QUEUE, FOLLOW_UP_CRON);
}
