import type { Db } from '../../../db/client';
import { appPayableOwners } from '../../modules/payable-owners';
import type { PayableOwners } from '../../modules/payments/owners';
import { chargeDueRenewals } from '../../modules/payments/test-gateway-subscriptions';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import { createPaymentsPort, type PaymentsConfig } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';

export const RENEWALS_QUEUE = 'test-gateway-renewals';
/**
 * Every 10 minutes: a test-gateway renewal is charged at most 10 minutes after it is due. Every
 * minute put 1,440 runs a day in the console's job list for a gateway that moves no money.
 */
export const RENEWALS_CRON = '*/10 * * * *';

export interface RenewalDeps {
  db: Db;
  email: EmailPort;
  payments: PaymentsConfig;
  /** The app's owners of payable kinds unless a test brings its own. */
  owners?: PayableOwners;
}

/**
 * Charges the local test gateway's subscriptions as they fall due (docs/decisions/0020-payables.md). Only with the
 * test gateway: Stripe renews subscriptions itself and reports each invoice to the webhook.
 * A period is claimed by a conditional update, so overlapping runs never charge it twice.
 */
export async function registerTestGatewayRenewals(
  jobs: JobsPort,
  deps: RenewalDeps,
  pollingIntervalSeconds?: number,
): Promise<boolean> {
  if (createPaymentsPort(deps.payments).provider !== 'test') return false;
  await jobs.defineQueue(RENEWALS_QUEUE, { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 });
  await jobs.work(
    RENEWALS_QUEUE,
    async () => {
      const charged = await chargeDueRenewals(
        { db: deps.db, email: deps.email, config: deps.payments, owners: deps.owners ?? appPayableOwners() },
        new Date(),
      );
      if (charged > 0) log.info(`test gateway renewals: ${charged} charged`);
    },
    { pollingIntervalSeconds },
  );
  await jobs.schedule(RENEWALS_QUEUE, RENEWALS_CRON);
  return true;
}
