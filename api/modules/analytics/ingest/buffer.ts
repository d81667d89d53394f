import { log } from '../../../logger';
import { type Batch, batchSize, emptyBatch } from './events';
import type { WriteResult } from './writer';

export interface BufferOptions {
  /** Writes one batch (api/modules/analytics/ingest/writer.ts); throws to have it retried. */
  write: (batch: Batch) => Promise<WriteResult>;
  /** Longest an accepted event waits before it is written. */
  flushIntervalMs?: number;
  /** A flush starts at once when this many events wait. */
  flushAtEvents?: number;
  /** Events held at most (e.g. while the database is down); past it new events are refused. */
  maxPendingEvents?: number;
  /** An end whose page view is not in the database yet is retried this long (another process may hold the insert). */
  endRetryMs?: number;
  now?: () => number;
}

/**
 * Holds accepted tracking events in memory and writes them in multi-row statements, one flush at
 * a time: every `flushIntervalMs`, or at once when `flushAtEvents` wait. An event is acknowledged
 * when it is in the buffer, so nothing in it may be dropped: a failed flush is logged and put back
 * in front of newer events (order kept) and retried with backoff; `close()` writes what is left.
 */
export class IngestBuffer {
  private pending: Batch = emptyBatch();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  private failures = 0;
  private closed = false;
  private readonly interval: number;
  private readonly flushAt: number;
  private readonly maxPending: number;
  private readonly endRetryMs: number;
  private readonly now: () => number;

  constructor(private readonly options: BufferOptions) {
    this.interval = options.flushIntervalMs ?? 250;
    this.flushAt = options.flushAtEvents ?? 1000;
    this.maxPending = options.maxPendingEvents ?? 200_000;
    this.endRetryMs = options.endRetryMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Events waiting to be written (including a flush in progress is not counted twice). */
  get size(): number {
    return batchSize(this.pending);
  }

  /** False when the buffer is full: the caller refuses the event instead of acknowledging it. */
  hasRoom(): boolean {
    return this.size < this.maxPending;
  }

  /** Adds events through `fill` and schedules their flush. */
  add(fill: (batch: Batch) => void): void {
    fill(this.pending);
    this.schedule(this.closed || this.size >= this.flushAt ? 0 : this.interval);
  }

  /** Writes everything pending now (waits for a flush in progress first). Never throws. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.size === 0) return;
    this.clearTimer();
    this.running = this.runFlush();
    await this.running;
  }

  /** Stops the timer and writes what is left, retrying a few times before giving up loudly. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    for (let attempt = 0; attempt < 6; attempt++) {
      await this.flush();
      if (this.size === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
    log.error(`analytics: ${this.size} accepted events could not be stored before shutdown`);
  }

  private async runFlush(): Promise<void> {
    const batch = this.pending;
    this.pending = emptyBatch();
    try {
      const { unmatchedEnds } = await this.options.write(batch);
      this.failures = 0;
      if (!this.closed) {
        const now = this.now();
        const young = unmatchedEnds.filter((e) => now - e.endedAt.getTime() < this.endRetryMs);
        this.pending.ends.unshift(...young);
      }
    } catch (error) {
      this.failures++;
      log.error(
        `analytics flush of ${batchSize(batch)} events failed (attempt ${this.failures}); retrying`,
        error,
      );
      this.requeue(batch);
    } finally {
      this.running = null;
      if (this.size > 0 && !this.closed) {
        const backoff = this.failures > 0 ? Math.min(30_000, this.interval * 2 ** this.failures) : 0;
        this.schedule(backoff || (this.size >= this.flushAt ? 0 : this.interval));
      }
    }
  }

  /** A failed batch goes back in front of what arrived meanwhile, so ends still follow their starts. */
  private requeue(batch: Batch) {
    const next = this.pending;
    this.pending = {
      sessions: [...batch.sessions, ...next.sessions],
      pageViews: [...batch.pageViews, ...next.pageViews],
      clicks: [...batch.clicks, ...next.clicks],
      activity: [...batch.activity, ...next.activity],
      ends: [...batch.ends, ...next.ends],
    };
  }

  private schedule(delayMs: number) {
    if (this.running) return; // runFlush reschedules when it finishes
    const due = this.now() + delayMs;
    if (this.timer && this.timerDue <= due) return;
    this.clearTimer();
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    // Pending events must not keep a stopping process alive: close() flushes them instead.
    this.timer.unref();
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
