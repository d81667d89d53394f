import type { DbHandle } from '../../../db/client';
import { type PgBossJobsOptions, pgBossJobs } from './pg-boss';
import type { JobsPort } from './port';

/** The one job queue adapter: pg-boss in the app's own database (PGlite or PostgreSQL). */
export function createJobsPort(database: DbHandle, options: PgBossJobsOptions = {}): JobsPort {
  return pgBossJobs(database, options);
}

export type { PgBossJobsOptions } from './pg-boss';
export { MAINTENANCE_INTERVAL_SECONDS, POLLING_INTERVAL_SECONDS } from './pg-boss';
export type { JobHandler, JobsPort, QueueOptions, RunningJob, SendOptions } from './port';
export { writeProgress } from './progress';
export { type RunRecovery, worstResumeSeconds } from './resume-bound';
