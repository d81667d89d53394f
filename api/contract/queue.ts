/**
 * The background job queue as the console's tests screen shows it (docs/decisions/0019-job-queue.md):
 * one row per job, with its state, attempts, the error that failed it and its progress.
 */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** How far a running job got, as the job reported it; null until it reports. */
export interface JobProgressView {
  done: number | null;
  total: number | null;
  message: string | null;
  updatedAt: string;
}

export interface JobView {
  id: string;
  queue: string;
  state: JobState;
  /** Retries used so far (the first run is not a retry). */
  retryCount: number;
  retryLimit: number;
  /** The error of the last failed attempt, kept when the job ends as failed. */
  error: string | null;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  progress: JobProgressView | null;
}

/** POST body of `job-retries` (RUN_TESTS): puts a failed job back in its queue. */
export interface JobRetryRequest {
  id: string;
}
