import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureLogger } from '../../../logger';
import { IngestBuffer } from './buffer';
import type { Batch, ClickWrite, PageViewEnd } from './events';

const click = (n: number): ClickWrite => ({
  sessionId: 's',
  userId: null,
  path: `/p${n}`,
  selector: 'a',
  label: null,
  x: n,
  y: n,
  windowWidth: 1,
  windowHeight: 1,
  isNormalized: false,
  createdAt: new Date(0),
});

/** A write that records batches and fails while `failing` is set. */
function recorder() {
  const batches: Batch[] = [];
  const state = { failing: false, unmatched: [] as PageViewEnd[] };
  const write = vi.fn(async (batch: Batch) => {
    if (state.failing) throw new Error('database down');
    batches.push(batch);
    return { unmatchedEnds: state.unmatched };
  });
  return { batches, state, write };
}

afterEach(() => {
  vi.useRealTimers();
  configureLogger('info');
});

describe('IngestBuffer', () => {
  it('flushes after the interval, or at once when the batch is full', async () => {
    vi.useFakeTimers();
    const r = recorder();
    const buffer = new IngestBuffer({ write: r.write, flushIntervalMs: 250, flushAtEvents: 3 });
    buffer.add((b) => b.clicks.push(click(1)));
    await vi.advanceTimersByTimeAsync(200);
    expect(r.write).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60);
    expect(r.batches.map((b) => b.clicks.length)).toEqual([1]);

    buffer.add((b) => b.clicks.push(click(2), click(3), click(4)));
    await vi.advanceTimersByTimeAsync(0);
    expect(r.batches.map((b) => b.clicks.length)).toEqual([1, 3]);
  });

  it('keeps a failed batch, logs it, and retries it before newer events', async () => {
    vi.useFakeTimers();
    configureLogger('silent');
    const r = recorder();
    const buffer = new IngestBuffer({ write: r.write, flushIntervalMs: 250 });
    r.state.failing = true;
    buffer.add((b) => b.clicks.push(click(1)));
    await vi.advanceTimersByTimeAsync(300);
    expect(r.write).toHaveBeenCalledTimes(1);
    expect(buffer.size).toBe(1);

    buffer.add((b) => b.clicks.push(click(2)));
    r.state.failing = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(r.batches.flatMap((b) => b.clicks.map((c) => c.path))).toEqual(['/p1', '/p2']);
    expect(buffer.size).toBe(0);
  });

  it('close() writes what is pending, retrying a failing database', async () => {
    configureLogger('silent');
    const r = recorder();
    const buffer = new IngestBuffer({ write: r.write, flushIntervalMs: 60_000 });
    for (let i = 0; i < 5; i++) buffer.add((b) => b.clicks.push(click(i)));
    r.state.failing = true;
    setTimeout(() => {
      r.state.failing = false;
    }, 300);
    await buffer.close();
    expect(r.batches.flatMap((b) => b.clicks)).toHaveLength(5);
    expect(buffer.size).toBe(0);
  });

  it('retries ends whose page view is not written yet for a while, then lets them go', async () => {
    vi.useFakeTimers();
    let now = 0;
    const r = recorder();
    const end: PageViewEnd = {
      pageViewId: 'p',
      sessionId: 's',
      durationMs: 1,
      isExit: false,
      endedAt: new Date(0),
    };
    r.state.unmatched = [end];
    const buffer = new IngestBuffer({
      write: r.write,
      flushIntervalMs: 250,
      endRetryMs: 1_000,
      now: () => now,
    });
    buffer.add((b) => b.ends.push(end));
    await vi.advanceTimersByTimeAsync(300);
    expect(buffer.size).toBe(1); // back in the queue
    now = 2_000;
    await vi.advanceTimersByTimeAsync(300);
    expect(buffer.size).toBe(0);
  });

  it('reports no room past its capacity so callers refuse instead of acknowledging', () => {
    const buffer = new IngestBuffer({
      write: recorder().write,
      flushIntervalMs: 60_000,
      maxPendingEvents: 2,
    });
    buffer.add((b) => b.clicks.push(click(1)));
    expect(buffer.hasRoom()).toBe(true);
    buffer.add((b) => b.clicks.push(click(2)));
    expect(buffer.hasRoom()).toBe(false);
  });
});
