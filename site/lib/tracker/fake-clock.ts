import type { Clock } from './rules';

/** A clock the tests move by hand: timers fire in order as `advance` passes their due time. */
export class FakeClock implements Clock {
  private time: number;
  private timers = new Map<number, { due: number; run: () => void }>();
  private nextId = 1;

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now() {
    return this.time;
  }

  setTimeout(run: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { due: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }

  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.timers].sort((a, b) => a[1].due - b[1].due)[0];
      if (!next || next[1].due > end) break;
      this.timers.delete(next[0]);
      this.time = next[1].due;
      next[1].run();
    }
    this.time = end;
  }

  get pendingTimers() {
    return this.timers.size;
  }
}

/** sessionStorage's part the tracker uses, in memory. */
export function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}
