import { log } from '../../../platform/logger';
import { type Batch, batchSize, mergeBatches } from './events';
import { IngestRejectedError, IngestUnavailableError, isRowError } from './store-errors';

export interface GroupCommitOptions {
  /** Writes one batch in one transaction (writer.ts); throws when nothing of it was stored. */
  write: (batch: Batch) => Promise<void>;
  /** Keeps the rows of one event the database refused (rejected.ts). */
  setAside: (rows: Batch, error: unknown) => Promise<void>;
  /** Events per write at most; what arrives beyond it waits for the next write. */
  maxBatchEvents?: number;
  /**
   * Writes in flight at most, each its own transaction and connection. Two keep the database busy
   * while the process answers the previous batch's callers (writer.ts orders what must be ordered).
   */
  maxConcurrentWrites?: number;
  /** Longest a caller waits for its event to be stored before it is answered with an error. */
  maxWaitMs?: number;
  /** First pause after the database failed; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Events waiting at most (e.g. while the database is slow); past it callers are refused. */
  maxPendingEvents?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface Waiting {
  rows: Batch;
  size: number;
  deadline: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** After the poll phase: every request that arrived with this one joins its batch. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Group commit for tracking events (docs/decisions/0013-ingest-group-commit.md): `store()` resolves only once the event's
 * rows are committed, so an acknowledged event is a stored event, whatever happens to the
 * process afterwards. Events that arrive together form one batch, written at once (no timer);
 * while `maxConcurrentWrites` writes are in flight, newer events wait and form the next batch,
 * written as soon as a write finishes, up to `maxBatchEvents` each.
 *
 * When a write fails:
 * - on its data (isRowError: a NUL byte the schema missed, a constraint), the batch is split in
 *   halves until the refused event is alone; the others are stored, that one is set aside once
 *   and its caller gets IngestRejectedError. A bad event never blocks the ones behind it.
 * - otherwise (connection dropped, database restarting) the same batch is retried with backoff;
 *   callers whose `maxWaitMs` passes get IngestUnavailableError and their events are dropped, so
 *   nothing is stored that was answered with an error, and nothing waits forever.
 */
export class GroupCommit {
  private queue: Waiting[] = [];
  private pending = 0;
  private readonly writers = new Set<Promise<void>>();
  private rejectedCount = 0;
  private readonly maxBatch: number;
  private readonly maxWriters: number;
  private readonly maxWait: number;
  private readonly retryDelay: number;
  private readonly maxRetryDelay: number;
  private readonly maxPending: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: GroupCommitOptions) {
    this.maxBatch = options.maxBatchEvents ?? 1000;
    this.maxWriters = options.maxConcurrentWrites ?? 2;
    this.maxWait = options.maxWaitMs ?? 10_000;
    this.retryDelay = options.retryDelayMs ?? 50;
    this.maxRetryDelay = options.maxRetryDelayMs ?? 2_000;
    this.maxPending = options.maxPendingEvents ?? 50_000;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  /** Events accepted and not yet stored, set aside or dropped. */
  get size(): number {
    return this.pending;
  }

  /** Events the database refused since start (each also a row of analytics_rejected_events). */
  get rejected(): number {
    return this.rejectedCount;
  }

  /** False when too many events wait: the caller refuses the event instead of queueing it. */
  hasRoom(): boolean {
    return this.pending < this.maxPending;
  }

  /** Resolves when `rows` are committed; rejects with IngestRejectedError or IngestUnavailableError. */
  store(rows: Batch): Promise<void> {
    const size = batchSize(rows);
    if (size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ rows, size, deadline: this.now() + this.maxWait, resolve, reject });
      this.pending += size;
      if (this.writers.size < this.maxWriters) {
        const writer = this.drain().finally(() => this.writers.delete(writer));
        this.writers.add(writer);
      }
    });
  }

  /** Waits until every event accepted so far is stored or answered with an error. */
  async close(): Promise<void> {
    while (this.writers.size > 0) await Promise.all(this.writers);
  }

  private async drain(): Promise<void> {
    try {
      await nextTurn();
      while (this.queue.length > 0) await this.writeWaiting(this.takeBatch());
    } catch (error) {
      // writeWaiting settles every caller itself; reaching here is a bug, not a database failure.
      log.error('analytics: the ingest writer stopped', error);
      for (const w of this.queue.splice(0)) this.fail(w, new IngestUnavailableError());
    }
  }

  /** The oldest waiting events, up to maxBatchEvents (always at least one). */
  private takeBatch(): Waiting[] {
    let events = 0;
    let count = 0;
    while (count < this.queue.length && (count === 0 || events + this.queue[count]!.size <= this.maxBatch)) {
      events += this.queue[count]!.size;
      count++;
    }
    return this.queue.splice(0, count);
  }

  /** Writes `batch` whole, retrying database failures until its callers' deadlines pass. */
  private async writeWaiting(batch: Waiting[]): Promise<void> {
    for (let failures = 0; ; failures++) {
      const live = this.withoutExpired(batch);
      if (live.length === 0) return;
      try {
        await this.options.write(mergeBatches(live.map((w) => w.rows)));
      } catch (error) {
        if (isRowError(error)) return this.split(live, error);
        // Never sleep past the first caller's deadline: it is answered then, not a backoff later.
        const firstDeadline = Math.min(...live.map((w) => w.deadline));
        const delay = Math.max(
          0,
          Math.min(this.maxRetryDelay, this.retryDelay * 2 ** failures, firstDeadline - this.now()),
        );
        log.error(
          `analytics: storing ${live.length} events failed (attempt ${failures + 1}); retrying in ${delay} ms`,
          error,
        );
        batch = live;
        await this.sleep(delay);
        continue;
      }
      for (const w of live) this.succeed(w);
      return;
    }
  }

  /** Halves a batch the database refused until the refused events are alone; the rest is stored. */
  private async split(batch: Waiting[], error: unknown): Promise<void> {
    if (batch.length === 1) return this.setAside(batch[0]!, error);
    const half = Math.ceil(batch.length / 2);
    await this.writeWaiting(batch.slice(0, half));
    await this.writeWaiting(batch.slice(half));
  }

  private async setAside(w: Waiting, error: unknown): Promise<void> {
    this.rejectedCount++;
    try {
      await this.options.setAside(w.rows, error);
      log.warn('analytics: an event the database refused was set aside', error);
    } catch (failure) {
      // Kept in the log instead: a refused event is never retried, whatever happens here.
      log.error('analytics: a refused event could not be set aside', {
        rows: JSON.stringify(w.rows),
        error: String(failure),
      });
    }
    this.fail(w, new IngestRejectedError());
  }

  private withoutExpired(batch: Waiting[]): Waiting[] {
    const now = this.now();
    const live: Waiting[] = [];
    for (const w of batch) {
      if (w.deadline <= now) this.fail(w, new IngestUnavailableError());
      else live.push(w);
    }
    return live;
  }

  private succeed(w: Waiting) {
    this.pending -= w.size;
    w.resolve();
  }

  private fail(w: Waiting, error: Error) {
    this.pending -= w.size;
    w.reject(error);
  }
}
