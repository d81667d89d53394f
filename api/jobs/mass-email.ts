import type { Db } from '../../db/client';
import { deliverSend } from '../modules/mass-email/delivery';
import type { MassEmailLinks } from '../modules/mass-email/message';
import { MASS_EMAIL_QUEUE, type MassEmailJobData, massEmailJobOptions } from '../modules/mass-email/queue';
import { log } from '../platform/logger';
import type { EmailPort } from '../ports/email';
import { type JobsPort, writeProgress } from '../ports/jobs';

export interface MassEmailJobDeps {
  db: Db;
  email: EmailPort;
  links: MassEmailLinks;
  /** Tests use small batches and slices. */
  batchSize?: number;
  sliceMs?: number;
}

/**
 * Delivers mass email sends (docs/decisions/0022-mass-email.md). A run works one send for at most a slice of
 * time, writing progress after each batch, then queues its own continuation; soft failures come
 * back when their retry is due. A run that fails (the process stopped) is retried by the queue,
 * and the next run takes over the recipients it had claimed without sending anyone a second copy.
 */
export async function registerMassEmail(
  jobs: JobsPort,
  deps: MassEmailJobDeps,
  pollingIntervalSeconds?: number,
): Promise<void> {
  await jobs.defineQueue(MASS_EMAIL_QUEUE, {
    policy: 'stately',
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
  });
  await jobs.work<MassEmailJobData>(
    MASS_EMAIL_QUEUE,
    async (job) => {
      const { sendId } = job.data;
      const result = await deliverSend(
        {
          ...deps,
          onProgress: (progress) => writeProgress(deps.db, job, progress),
        },
        sendId,
      );
      if (result.state === 'continue') {
        const next = await jobs.send(
          MASS_EMAIL_QUEUE,
          { sendId },
          massEmailJobOptions(sendId, result.notBefore),
        );
        if (next)
          await deps.db
            .updateTable('mass_email_sends')
            .set({ job_id: next })
            .where('id', '=', sendId)
            .execute();
      }
    },
    { pollingIntervalSeconds },
  );
  await resumeStoppedSends(jobs, deps.db);
}

/**
 * Sends a stopped process left queued or sending get a run (the queue drops it when one already
 * waits for that send).
 */
async function resumeStoppedSends(jobs: JobsPort, db: Db): Promise<void> {
  const open = await db
    .selectFrom('mass_email_sends')
    .select('id')
    .where('status', 'in', ['queued', 'sending'])
    .execute();
  for (const { id } of open) {
    await jobs
      .send(MASS_EMAIL_QUEUE, { sendId: id }, massEmailJobOptions(id))
      .catch((error: unknown) => log.error(`could not resume mass email send ${id}`, error));
  }
}
