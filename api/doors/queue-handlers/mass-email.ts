import type { Db } from '../../../db/client';
import type { JobState } from '../../contract/queue';
import { deliverSend, SLICE_MS } from '../../modules/mass-email/delivery';
import type { MassEmailLinks } from '../../modules/mass-email/message';
import { MASS_EMAIL_QUEUE, type MassEmailJobData, massEmailJobOptions } from '../../modules/mass-email/queue';
import { openSends, recordSendJob } from '../../modules/mass-email/send-jobs';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import { type JobsPort, writeProgress } from '../../ports/queue';

/**
 * How a mass email run may end and come back (docs/decisions/0072-crashes-mass-email-resumes-and-port-stays-open.md).
 * The expiry is what a dead run costs: the queue retries it only once the expiry has passed, so it
 * is a few slices (a run lasts a slice and one message), not the half hour it was. Retries start
 * 2 s after a failure and double, so a run killed once is back within seconds of its expiry.
 */
export const MASS_EMAIL_RUNS = {
  sliceMs: SLICE_MS,
  expireInSeconds: 60,
  retryLimit: 12,
  retryDelaySeconds: 2,
  retryBackoff: true,
} as const;

export interface MassEmailJobDeps {
  db: Db;
  email: EmailPort;
  links: MassEmailLinks;
  /** Tests use small batches, slices, expiries and retry delays. */
  batchSize?: number;
  sliceMs?: number;
  expireInSeconds?: number;
  retryDelaySeconds?: number;
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
    retryLimit: MASS_EMAIL_RUNS.retryLimit,
    retryDelaySeconds: deps.retryDelaySeconds ?? MASS_EMAIL_RUNS.retryDelaySeconds,
    retryBackoff: MASS_EMAIL_RUNS.retryBackoff,
    expireInSeconds: deps.expireInSeconds ?? MASS_EMAIL_RUNS.expireInSeconds,
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
        if (next) await recordSendJob(deps.db, sendId, next);
      }
    },
    { pollingIntervalSeconds },
  );
  await resumeStoppedSends(jobs, deps.db);
}

/** A job in these states will run (again): its send needs no other. */
const LIVE_STATES: ReadonlySet<JobState> = new Set(['created', 'retry', 'active']);

/**
 * Sends a stopped process left queued or sending get a run, unless their last job is still live:
 * a run of a dead process stays 'active' until its expiry, and a second job of the same send
 * beside it would make every fetch of the queue fail on the 'stately' key (one active per send),
 * stalling every other send until then. That run is retried after its expiry instead.
 */
async function resumeStoppedSends(jobs: JobsPort, db: Db): Promise<void> {
  const open = await openSends(db);
  for (const { id, job_id } of open) {
    const last = job_id ? await jobs.getJob(MASS_EMAIL_QUEUE, job_id) : null;
    if (last && LIVE_STATES.has(last.state)) continue;
    await jobs
      .send(MASS_EMAIL_QUEUE, { sendId: id }, massEmailJobOptions(id))
      .catch((error: unknown) => log.error(`could not resume mass email send ${id}`, error));
  }
}
