import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureLogger } from '../../../platform/logger';
import type { Batch, ClickWrite } from './events';
import { emptyBatch } from './events';
import { GroupCommit, type GroupCommitOptions } from './group-commit';
import { IngestRejectedError, IngestUnavailableError } from './store-errors';

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
  anchorX: null,
  anchorY: null,
  createdAt: new Date(0),
});

const clicks = (...ns: number[]): Batch => ({ ...emptyBatch(), clicks: ns.map(click) });
const paths = (b: Batch) => b.clicks.map((c) => c.path);

/** A PostgreSQL error as postgres.js and PGlite raise it. */
const sqlError = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * A database stand-in that records each write and lets the test decide when it finishes, fails on
 * any click whose x is in `poison` (as PostgreSQL refuses a NUL byte), or fails whole while `down`.
 * Time is a fake clock that sleep() advances, so backoff and deadlines take no real time.
 */
function fakeDatabase() {
  const state = { down: false, poison: new Set<number>(), hold: false, clock: 0 };
  const writes: string[][] = [];
  const stored: string[] = [];
  const setAside: string[][] = [];
  const sleeps: number[] = [];
  const held: (() => void)[] = [];
  const options: GroupCommitOptions = {
    async write(batch) {
      writes.push(paths(batch));
      if (state.hold) await new Promise<void>((resolve) => held.push(resolve));
      if (state.down) throw sqlError('ECONNRESET', 'connection dropped');
      if (batch.clicks.some((c) => state.poison.has(c.x ?? -1)))
        throw sqlError('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
      stored.push(...paths(batch));
    },
    async setAside(rows) {
      setAside.push(paths(rows));
    },
    now: () => state.clock,
    async sleep(ms) {
      sleeps.push(ms);
      state.clock += ms;
    },
  };
  const release = () => {
    for (const resolve of held.splice(0)) resolve();
  };
  return { state, writes, stored, setAside, sleeps, options, release };
}

/** Settles every store so a test can look at each outcome. */
const outcomes = (stores: Promise<void>[]) =>
  Promise.all(
    stores.map((p) =>
      p.then(
        () => 'stored',
        (e: Error) => e.constructor.name,
      ),
    ),
  );

const tick = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => configureLogger('silent'));
afterEach(() => configureLogger('info'));

describe('GroupCommit', () => {
  it('resolves a store only once its write has committed', async () => {
    const db = fakeDatabase();
    db.state.hold = true;
    const commit = new GroupCommit(db.options);
    let answered = false;
    const stored = commit.store(clicks(1)).then(() => {
      answered = true;
    });
    await tick();
    await tick();
    expect(db.writes).toEqual([['/p1']]);
    expect(answered).toBe(false);
    db.release();
    await stored;
    expect(answered).toBe(true);
    expect(db.stored).toEqual(['/p1']);
  });

  it('writes events that arrive together as one batch, and those arriving during a write as the next', async () => {
    const db = fakeDatabase();
    db.state.hold = true;
    const commit = new GroupCommit({ ...db.options, maxConcurrentWrites: 1 });
    const first = [commit.store(clicks(1)), commit.store(clicks(2))];
    await tick();
    await tick();
    // While that write runs, more arrive: they wait for it, then go out together, with no timer.
    const second = [commit.store(clicks(3)), commit.store(clicks(4)), commit.store(clicks(5))];
    await tick();
    expect(db.writes).toEqual([['/p1', '/p2']]);
    db.state.hold = false;
    db.release();
    expect(await outcomes([...first, ...second])).toEqual(Array(5).fill('stored'));
    expect(db.writes).toEqual([
      ['/p1', '/p2'],
      ['/p3', '/p4', '/p5'],
    ]);
    expect(db.sleeps).toEqual([]);
    expect(commit.size).toBe(0);
  });

  it('with two writers, starts a second batch while the first is in flight, and a third waits for one to finish', async () => {
    const db = fakeDatabase();
    db.state.hold = true;
    const commit = new GroupCommit({ ...db.options, maxConcurrentWrites: 2 });
    const stores = [commit.store(clicks(1))];
    await tick();
    await tick();
    stores.push(commit.store(clicks(2)));
    await tick();
    await tick();
    stores.push(commit.store(clicks(3)), commit.store(clicks(4)));
    await tick();
    await tick();
    expect(db.writes).toEqual([['/p1'], ['/p2']]);
    db.state.hold = false;
    db.release();
    expect(await outcomes(stores)).toEqual(Array(4).fill('stored'));
    expect(db.writes).toEqual([['/p1'], ['/p2'], ['/p3', '/p4']]);
  });

  it('writes at most maxBatchEvents per batch, keeping the order', async () => {
    const db = fakeDatabase();
    const commit = new GroupCommit({ ...db.options, maxBatchEvents: 3 });
    const stores = [commit.store(clicks(1, 2)), commit.store(clicks(3)), commit.store(clicks(4, 5))];
    stores.push(commit.store(clicks(6)));
    expect(await outcomes(stores)).toEqual(Array(4).fill('stored'));
    expect(db.writes).toEqual([
      ['/p1', '/p2', '/p3'],
      ['/p4', '/p5', '/p6'],
    ]);
  });

  it('splits a batch the database refuses: the others are stored, the bad event is set aside once and refused', async () => {
    const db = fakeDatabase();
    db.state.poison.add(3);
    const commit = new GroupCommit(db.options);
    const stores = [1, 2, 3, 4, 5].map((n) => commit.store(clicks(n)));
    expect(await outcomes(stores)).toEqual([
      'stored',
      'stored',
      IngestRejectedError.name,
      'stored',
      'stored',
    ]);
    expect(db.stored.sort()).toEqual(['/p1', '/p2', '/p4', '/p5']);
    expect(db.setAside).toEqual([['/p3']]);
    expect(commit.rejected).toBe(1);
    // Never retried, and what comes next is written at once.
    expect(db.sleeps).toEqual([]);
    expect(await outcomes([commit.store(clicks(6))])).toEqual(['stored']);
    expect(db.writes.at(-1)).toEqual(['/p6']);
    expect(db.writes.filter((w) => w.includes('/p3')).length).toBeLessThanOrEqual(4);
  });

  it('finds several bad events in one batch', async () => {
    const db = fakeDatabase();
    db.state.poison = new Set([1, 6, 7]);
    const commit = new GroupCommit(db.options);
    const stores = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => commit.store(clicks(n)));
    const results = await outcomes(stores);
    expect(results.filter((r) => r === 'stored')).toHaveLength(5);
    expect(db.setAside.flat().sort()).toEqual(['/p1', '/p6', '/p7']);
  });

  it('retries a failing database with growing pauses and answers once it is back', async () => {
    const db = fakeDatabase();
    db.state.down = true;
    const sleep = db.options.sleep!;
    // The database comes back during the fifth pause.
    const commit = new GroupCommit({
      ...db.options,
      retryDelayMs: 50,
      maxRetryDelayMs: 400,
      sleep: async (ms) => {
        await sleep(ms);
        if (db.sleeps.length === 5) db.state.down = false;
      },
    });
    expect(await outcomes([commit.store(clicks(1))])).toEqual(['stored']);
    expect(db.sleeps).toEqual([50, 100, 200, 400, 400]);
    expect(db.writes).toHaveLength(6);
    expect(db.stored).toEqual(['/p1']);
    expect(db.setAside).toEqual([]);
  });

  it('answers IngestUnavailableError when the database stays down past maxWaitMs, and stores nothing of it later', async () => {
    const db = fakeDatabase();
    db.state.down = true;
    const commit = new GroupCommit({ ...db.options, maxWaitMs: 1_000, retryDelayMs: 100 });
    const lost = [commit.store(clicks(1)), commit.store(clicks(2))];
    expect(await outcomes(lost)).toEqual([IngestUnavailableError.name, IngestUnavailableError.name]);
    // Pauses stop at the callers' deadline: 100 + 200 + 400 then the 300 ms left.
    expect(db.sleeps).toEqual([100, 200, 400, 300]);
    expect(commit.size).toBe(0);

    db.state.down = false;
    expect(await outcomes([commit.store(clicks(3))])).toEqual(['stored']);
    expect(db.stored).toEqual(['/p3']);
  });

  it('refuses new events past maxPendingEvents so callers answer 429 instead of waiting', async () => {
    const db = fakeDatabase();
    db.state.hold = true;
    const commit = new GroupCommit({ ...db.options, maxPendingEvents: 2 });
    const stores = [commit.store(clicks(1))];
    expect(commit.hasRoom()).toBe(true);
    stores.push(commit.store(clicks(2)));
    expect(commit.hasRoom()).toBe(false);
    await tick();
    db.state.hold = false;
    db.release();
    await Promise.all(stores);
    expect(commit.hasRoom()).toBe(true);
  });

  it('close() waits for the writes in progress', async () => {
    const db = fakeDatabase();
    db.state.hold = true;
    const commit = new GroupCommit(db.options);
    const stored = commit.store(clicks(1));
    let closed = false;
    const closing = commit.close().then(() => {
      closed = true;
    });
    await tick();
    await tick();
    expect(closed).toBe(false);
    db.release();
    await closing;
    await stored;
    expect(db.stored).toEqual(['/p1']);
  });
});
