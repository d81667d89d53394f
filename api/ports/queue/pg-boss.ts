import PgBoss from 'pg-boss';
import type { DbHandle } from '../../../db/client';
import type { JobState, JobView } from '../../contract/queue';
import { log } from '../../platform/logger';
import type { JobListQuery, JobsPort } from './port';
import { writeProgress } from './progress';

export interface PgBossJobsOptions {
  /**
   * pg-boss's upkeep (expiring runs past their time, archiving, deleting) and the cron clock.
   * On in the server; off where the queue is only read or fed (tests that build the app).
   */
  supervise?: boolean;
  /** How often an idle worker polls, by default; each `work` may say otherwise. */
  pollingIntervalSeconds?: number;
  /** How often the cron clock looks for due schedules (1..45 s; pg-boss's default is 30). */
  cronIntervalSeconds?: number;
  /** How often the upkeep looks for runs past their expiry (tests: a second). */
  maintenanceIntervalSeconds?: number;
}

/**
 * pg-boss 10 has no heartbeat: a run whose process died stays 'active' until the upkeep sees it
 * past its queue's expiry, so this interval adds to how long such a run waits for its retry
 * (pg-boss's default is 120 s). One instance does the upkeep per interval, whichever asks first.
 * Figures: docs/decisions/0072-crashes-mass-email-resumes-and-port-stays-open.md.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 15;
/** How often an idle worker looks for jobs, unless the process or the queue says otherwise. */
export const POLLING_INTERVAL_SECONDS = 2;

const INTERNAL_PREFIX = '__pgboss__';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface JobRow {
  id: string;
  queue: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  done: number | null;
  total: number | null;
  message: string | null;
  progress_updated_at: Date | string | null;
}

/** pg-boss checks options with `'key' in options`: an undefined value must not be there at all. */
function defined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** pg-boss keeps what a failed handler threw (serialized) in `output`. */
function errorOf(row: JobRow): string | null {
  if (row.state !== 'failed' && row.state !== 'retry') return null;
  const output = typeof row.output === 'string' ? (JSON.parse(row.output) as unknown) : row.output;
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output == null ? null : JSON.stringify(output);
}

function toView(row: JobRow): JobView {
  return {
    id: row.id,
    queue: row.queue,
    state: row.state,
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    error: errorOf(row),
    createdOn: iso(row.created_on) ?? '',
    startedOn: iso(row.started_on),
    completedOn: iso(row.completed_on),
    progress:
      row.progress_updated_at === null
        ? null
        : {
            done: row.done,
            total: row.total,
            message: row.message,
            updatedAt: iso(row.progress_updated_at) ?? '',
          },
  };
}

const DEFINE_QUEUE_ATTEMPTS = 5;

/** Whether a stored queue already has every setting asked for (those not asked for are left alone). */
function sameSettings(stored: object, asked: object): boolean {
  const have = stored as Record<string, unknown>;
  return Object.entries(asked).every(([key, value]) => have[key] === value);
}

/** PostgreSQL's deadlock_detected (40P01): the aborted transaction changed nothing. */
function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

const JOB_COLUMNS = `
  j.id, j.name AS queue, j.state::text AS state, j.retry_count, j.retry_limit, j.output,
  j.created_on, j.started_on, j.completed_on,
  p.done, p.total, p.message, p.updated_at AS progress_updated_at
  FROM pgboss.job j LEFT JOIN job_progress p ON p.job_id = j.id`;

/** Creates the queue, or brings an existing one's settings up to date; any number of instances at once. */
async function createOrUpdateQueue(boss: PgBoss, queue: string, settings: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = await boss.getQueue(queue);
    if (existing) {
      // A queue made by an earlier release keeps its settings in the database: a shorter
      // expiry or retry delay chosen since must reach it (jobs queued from now on take it).
      if (!sameSettings(existing, settings)) await boss.updateQueue(queue, settings);
      return;
    }
    try {
      await boss.createQueue(queue, settings);
      return;
    } catch (error) {
      // Another instance starting at the same moment created it first.
      if (await boss.getQueue(queue)) return;
      // Creating a queue attaches a partition to pgboss.job; two instances doing that at once
      // (or one doing it while the other's supervisor works the table) can deadlock, and
      // PostgreSQL then aborts one of them. Nothing was created: try again shortly.
      if (!isDeadlock(error) || attempt >= DEFINE_QUEUE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/**
 * The job queue on pg-boss 10 over OUR connection (docs/stack.md, "Job queue"): PGlite or
 * PostgreSQL through DbHandle.executeSql, so jobs, their progress and the data they change live in
 * one database. Its schema (`pgboss`) is installed or migrated on start.
 */
export function pgBossJobs(database: DbHandle, options: PgBossJobsOptions = {}): JobsPort {
  const supervise = options.supervise ?? true;
  const boss = new PgBoss({
    // pg-boss needs only executeSql; a string it binds to a json parameter is JSON text (db/client.ts).
    db: database,
    migrate: true,
    supervise,
    schedule: supervise,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS,
    ...(supervise
      ? {
          cronMonitorIntervalSeconds: options.cronIntervalSeconds ?? 30,
          maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
        }
      : {}),
  });
  // An EventEmitter 'error' without a listener would end the process; a failed poll is retried.
  boss.on('error', (error) => log.error('job queue error', error));
  let started: Promise<void> | undefined;
  let stopped = false;
  // This process's workers by queue: a job sent from here wakes them at once instead of at
  // their next poll (other instances' sends, retries and cron jobs still wait for a poll).
  const workersOf = new Map<string, string[]>();

  const start = () => {
    started ??= boss.start().then(() => undefined);
    return started;
  };
  const rows = async (text: string, values: unknown[]) =>
    (await database.executeSql(text, values)).rows as JobRow[];

  return {
    start,
    async stop({ timeoutMs = 20_000 } = {}) {
      if (!started || stopped) return;
      stopped = true;
      await started;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
    async defineQueue(queue, queueOptions = {}) {
      await start();
      const settings = defined({
        name: queue,
        policy: queueOptions.policy ?? 'standard',
        retryLimit: queueOptions.retryLimit,
        retryDelay: queueOptions.retryDelaySeconds,
        retryBackoff: queueOptions.retryBackoff,
        expireInSeconds: queueOptions.expireInSeconds,
      });
      await createOrUpdateQueue(boss, queue, settings);
    },
    async send(queue, data, sendOptions = {}) {
      await start();
      const id = await boss.send(
        queue,
        data,
        defined({
          retryLimit: sendOptions.retryLimit,
          retryDelay: sendOptions.retryDelaySeconds,
          retryBackoff: sendOptions.retryBackoff,
          startAfter: sendOptions.startAfter,
          singletonKey: sendOptions.singletonKey,
        }),
      );
      if (id !== null && sendOptions.startAfter === undefined) {
        for (const worker of workersOf.get(queue) ?? []) boss.notifyWorker(worker);
      }
      return id;
    },
    async work(queue, handler, workOptions = {}) {
      await start();
      const poll =
        workOptions.pollingIntervalSeconds ?? options.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS;
      const worker = await boss.work<object>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: poll },
        async (jobs) => {
          for (const job of jobs) {
            const running = { id: job.id, queue };
            await handler({
              ...running,
              data: job.data as never,
              progress: (progress) => writeProgress(database.db, running, progress),
            });
          }
        },
      );
      workersOf.set(queue, [...(workersOf.get(queue) ?? []), worker]);
    },
    async schedule(queue, cron, data = {}) {
      await start();
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    async schedules() {
      await start();
      return (await boss.getSchedules()).map((s) => ({ queue: s.name, cron: s.cron }));
    },
    async getJob(queue, id) {
      if (!UUID.test(id)) return null;
      await start();
      const [row] = await rows(`SELECT ${JOB_COLUMNS} WHERE j.name = $1 AND j.id = $2::uuid`, [queue, id]);
      return row ? toView(row) : null;
    },
    async listJobs(query: JobListQuery) {
      await start();
      const where = `left(j.name, ${INTERNAL_PREFIX.length}) <> '${INTERNAL_PREFIX}'
        AND ($1::text IS NULL OR j.state::text = ANY(string_to_array($1, ',')))
        AND ($2::text IS NULL OR j.name = $2)`;
      const filter = [query.states?.length ? query.states.join(',') : null, query.queue ?? null];
      const [page, [count]] = await Promise.all([
        rows(`SELECT ${JOB_COLUMNS} WHERE ${where} ORDER BY j.created_on DESC, j.id LIMIT $3 OFFSET $4`, [
          ...filter,
          query.limit,
          query.offset,
        ]),
        database
          .executeSql(`SELECT count(*)::int AS total FROM pgboss.job j WHERE ${where}`, filter)
          .then((r) => r.rows as { total: number }[]),
      ]);
      return { jobs: page.map(toView), total: Number(count?.total ?? 0) };
    },
    async retry(id) {
      if (!UUID.test(id)) return false;
      await start();
      const [row] = await rows(
        `SELECT j.name AS queue FROM pgboss.job j WHERE j.id = $1::uuid AND j.state = 'failed'`,
        [id],
      );
      if (!row) return false;
      await boss.retry(row.queue, id);
      return true;
    },
  };
}
