import type { JobState, JobView } from '../../contract/queue';

/** Retries of a job that throws: `retryLimit` more runs, `retryDelaySeconds` apart (doubling with backoff). */
export interface RetryPolicy {
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
}

export interface QueueOptions extends RetryPolicy {
  /**
   * 'standard': any number queued. 'stately': at most one queued and one running, so a request to
   * do the same work again while it waits is dropped (send answers null).
   */
  policy?: 'standard' | 'stately';
  /** A run longer than this counts as failed (and is retried). */
  expireInSeconds?: number;
}

export interface SendOptions extends RetryPolicy {
  /** Not before this time. */
  startAfter?: Date;
  /** Jobs with the same key and queue are not queued twice at once ('stately' queues). */
  singletonKey?: string;
}

/** Writes how far the running job got (job_progress); readable by the console while it runs. */
export type ProgressReporter = (progress: {
  done?: number;
  total?: number;
  message?: string;
}) => Promise<void>;

export interface RunningJob<T> {
  id: string;
  queue: string;
  data: T;
  progress: ProgressReporter;
}

/** A handler that throws fails this attempt; the queue retries it as its policy says. */
export type JobHandler<T> = (job: RunningJob<T>) => Promise<void>;

export interface WorkOptions {
  /** How often an idle worker looks for jobs (pg-boss: at least 0.5). */
  pollingIntervalSeconds?: number;
}

export interface JobListQuery {
  states?: readonly JobState[];
  queue?: string;
  offset: number;
  limit: number;
}

/**
 * The durable job queue (docs/decisions/0019-job-queue.md): jobs live in the database, survive a
 * restart, are retried, and each runs on one instance at a time. Modules may send work; the
 * handlers are doors in api/doors/queue-handlers/.
 */
export interface JobsPort {
  /** Installs or migrates the queue's schema and starts its bookkeeping; idempotent. */
  start(): Promise<void>;
  /** Stops polling; jobs in flight finish first (up to `timeoutMs`), the rest are retried later. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Creates the queue when it does not exist yet (idempotent), with its retry policy. */
  defineQueue(queue: string, options?: QueueOptions): Promise<void>;
  /** Queues a job; its id, or null when a 'stately' queue already holds one. */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs the queue's jobs in this process until stop(). */
  work<T extends object>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Queues a job on a cron schedule (UTC); fires once per slot across every instance. */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  schedules(): Promise<{ queue: string; cron: string }[]>;
  getJob(queue: string, id: string): Promise<JobView | null>;
  /** Newest first, with progress. */
  listJobs(query: JobListQuery): Promise<{ jobs: JobView[]; total: number }>;
  /** Puts a failed job back in its queue; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
}
