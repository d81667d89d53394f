import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { installedDriver } from './postgres-driver-patch';

interface PoolQueue<T> {
  readonly length: number;
  readonly retained: number;
  push(x: T): T;
  shift(): T | undefined;
  peek(): T | undefined;
  remove(x: T): T | null;
}
// The installed package's queue.js, beside the entry an ESM import loads; the package exports no other path.
const { default: Queue } = (await import(
  pathToFileURL(join(dirname(installedDriver().entry), 'queue.js')).href
)) as {
  default: (initial: unknown[]) => unknown;
};
const queue = <T>(initial: T[] = []) => Queue(initial) as PoolQueue<T>;

/**
 * The pool's queues, as patched at install (patches/postgres+3.4.9.patch,
 * docs/decisions/0054-pool-queue-bounded.md).
 */
describe("the postgres.js pool's queue", () => {
  it('hands items out first in, first out, and removes one from anywhere', () => {
    const q = queue(['a', 'b']);
    q.push('c');
    q.push('d');
    expect(q.shift()).toBe('a');
    expect(q.remove('c')).toBe('c');
    expect(q.remove('a')).toBeNull();
    expect(q.length).toBe(2);
    expect(q.peek()).toBe('b');
    expect([q.shift(), q.shift(), q.shift()]).toEqual(['b', 'd', undefined]);
    expect(q.length).toBe(0);
    q.push('e');
    expect([q.length, q.shift()]).toEqual([1, 'e']);
  });

  it('stays the size of what it holds when it is never emptied by shift (a loaded pool)', () => {
    // As index.js does with its busy queue under load: a connection is shifted off to take one
    // more query, pushed back, and others leave through remove() when they finish.
    const connections = Array.from({ length: 10 }, (_, i) => i);
    const busy = queue(connections);
    for (let round = 0; round < 100_000; round++) {
      const c = busy.shift()!;
      busy.push(c);
      const finished = connections[round % 10]!;
      busy.remove(finished);
      busy.push(finished);
    }
    expect(busy.length).toBe(10);
    expect(busy.retained).toBeLessThan(200);
    expect(new Set(Array.from({ length: 10 }, () => busy.shift())).size).toBe(10);
  });
});
