import type { Db } from '../../../db/client';
import { PAYMENT_REFUNDS_QUEUE, sendPendingRefunds } from '../../modules/payments/provider-refunds';
import { createPaymentsPort, type PaymentsConfig } from '../../ports/payments';
import type { JobsPort } from '../../ports/queue';

/** A sweep now and then sends what a lost request or a provider outage left behind. */
export const PAYMENT_REFUNDS_CRON = '*/15 * * * *';
/** While refunds wait, the run fails and comes back: 30 s apart and doubling (about two hours). */
const RETRIES = { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true } as const;

/** One run: sends waiting refunds until none is left; throws while some are, so the queue retries. */
export async function runPaymentRefunds(db: Db, payments: PaymentsConfig): Promise<void> {
  const port = createPaymentsPort(payments);
  for (;;) {
    const { sent, left } = await sendPendingRefunds(db, port);
    if (left === 0) return;
    if (sent === 0) throw new Error(`${left} refund(s) not sent yet; retrying with backoff`);
  }
}

export async function registerPaymentRefunds(
  jobs: JobsPort,
  deps: { db: Db; payments: PaymentsConfig },
  pollingIntervalSeconds?: number,
): Promise<void> {
  await jobs.defineQueue(PAYMENT_REFUNDS_QUEUE, { policy: 'stately', ...RETRIES });
  await jobs.work(PAYMENT_REFUNDS_QUEUE, () => runPaymentRefunds(deps.db, deps.payments), {
    pollingIntervalSeconds,
  });
  await jobs.schedule(PAYMENT_REFUNDS_QUEUE, PAYMENT_REFUNDS_CRON);
}
