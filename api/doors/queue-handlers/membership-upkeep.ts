import type { Db } from '../../../db/client';
import { endLapsedSubscriptions } from '../../modules/membership/upkeep';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import type { PaymentsConfig } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';

export const MEMBERSHIP_UPKEEP_QUEUE = 'membership-upkeep';
/**
 * Every 15 minutes: a cancelled membership ends (and stops at the provider) at most 15 minutes after
 * its period, well before a provider's renewal invoice is finalized (docs/decisions/0024-membership.md).
 */
export const MEMBERSHIP_UPKEEP_CRON = '*/15 * * * *';

export interface MembershipJobDeps {
  db: Db;
  email: EmailPort;
  payments: PaymentsConfig;
}

/**
 * The membership module's scheduled work (docs/decisions/0019-job-queue.md, 0024): ends subscriptions whose
 * grace or cancelled period is over. Safe to run twice: each subscription is claimed by a
 * conditional update.
 */
export async function registerMembershipJobs(
  jobs: JobsPort,
  deps: MembershipJobDeps,
  pollingIntervalSeconds?: number,
): Promise<void> {
  await jobs.defineQueue(MEMBERSHIP_UPKEEP_QUEUE, {
    policy: 'stately',
    retryLimit: 0,
    expireInSeconds: 10 * 60,
  });
  await jobs.work(
    MEMBERSHIP_UPKEEP_QUEUE,
    async () => {
      const ended = await endLapsedSubscriptions(
        { db: deps.db, email: deps.email, config: deps.payments },
        new Date(),
      );
      if (ended > 0) log.info(`membership: ${ended} subscriptions ended`);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(MEMBERSHIP_UPKEEP_QUEUE, MEMBERSHIP_UPKEEP_CRON);
}
