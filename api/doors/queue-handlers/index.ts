import type { Db } from '../../../db/client';
import type { EmailPort } from '../../ports/email';
import type { PaymentsConfig } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';
import { registerDonationJobs } from './donation-upkeep';
import { registerEmailDelivery, requestEmailDelivery } from './email-delivery';
import { registerEventMessages } from './event-messages';
import { registerJobBoardJobs } from './job-board-upkeep';
import { registerMaintenance } from './maintenance';
import { registerMassEmail } from './mass-email';
import { registerMembershipJobs } from './membership-upkeep';
import { registerPaymentRefunds } from './payment-refunds';
import { registerTestGatewayRenewals } from './test-gateway-renewals';

export interface BackgroundJobDeps {
  db: Db;
  email: EmailPort;
  analyticsRetentionDays?: number;
  /** The payments configuration: with the local test gateway, its renewals run here too. */
  payments?: PaymentsConfig;
  /** The public origin and app secret mass email builds its unsubscribe links with (docs/decisions/0022-mass-email.md). */
  links?: { appUrl: string; appSecret: string };
}

/**
 * Starts the queue and this process's workers for every background job (docs/decisions/0019-job-queue.md).
 * Called by api/main.ts after migrations, so a warm standby works no job before its promotion.
 */
export async function startBackgroundJobs(
  jobs: JobsPort,
  deps: BackgroundJobDeps,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  await jobs.start();
  await registerEmailDelivery(jobs, deps, options.pollingIntervalSeconds);
  await registerMaintenance(jobs, deps, options.pollingIntervalSeconds);
  if (deps.links) {
    await registerMassEmail(
      jobs,
      { db: deps.db, email: deps.email, links: deps.links },
      options.pollingIntervalSeconds,
    );
    await registerJobBoardJobs(
      jobs,
      { db: deps.db, email: deps.email, appUrl: deps.links.appUrl },
      options.pollingIntervalSeconds,
    );
    await registerEventMessages(
      jobs,
      { db: deps.db, email: deps.email, links: deps.links },
      options.pollingIntervalSeconds,
    );
  }
  if (deps.payments) {
    await registerDonationJobs(
      jobs,
      { db: deps.db, email: deps.email, payments: deps.payments },
      options.pollingIntervalSeconds,
    );
    await registerMembershipJobs(
      jobs,
      { db: deps.db, email: deps.email, payments: deps.payments },
      options.pollingIntervalSeconds,
    );
    await registerPaymentRefunds(
      jobs,
      { db: deps.db, payments: deps.payments },
      options.pollingIntervalSeconds,
    );
    await registerTestGatewayRenewals(
      jobs,
      { db: deps.db, email: deps.email, payments: deps.payments },
      options.pollingIntervalSeconds,
    );
  }
  // Email a stopped process queued but never delivered.
  if ((await deps.email.undelivered(deps.db)) > 0) requestEmailDelivery(jobs);
}
