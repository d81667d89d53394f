import { availableParallelism } from 'node:os';
import type { Config } from '../platform/config';

export interface WorkerPlan {
  /** Server processes that take requests at once. */
  workers: number;
  /** A warm standby replaces the only worker fast; with several, the others serve meanwhile. */
  standby: boolean;
  /** What the supervisor says at start-up. */
  summary: string;
}

/**
 * How many workers `npm start` runs (docs/decisions/0038-several-workers-and-instances.md): on
 * PostgreSQL one per core, or WORKERS; on embedded PGlite one, whatever WORKERS says, because its
 * data directory belongs to one process.
 */
export function workerPlan(
  config: Pick<Config, 'DATABASE_URL' | 'WORKERS'>,
  cores = availableParallelism(),
): WorkerPlan {
  if (!config.DATABASE_URL) {
    const ignored = config.WORKERS && config.WORKERS > 1 ? ` (WORKERS=${config.WORKERS} ignored)` : '';
    return {
      workers: 1,
      standby: true,
      summary: `embedded PGlite: one worker and a warm standby, its data directory has one owner${ignored}; set DATABASE_URL to run one worker per core`,
    };
  }
  const workers = config.WORKERS ?? Math.max(1, cores);
  const why = config.WORKERS ? `WORKERS=${config.WORKERS}` : `one per core, ${cores} cores`;
  return {
    workers,
    standby: workers === 1,
    summary:
      workers === 1
        ? `PostgreSQL: one worker and a warm standby (${why})`
        : `PostgreSQL: ${workers} workers (${why}), a crashed one is replaced while the others serve`,
  };
}
