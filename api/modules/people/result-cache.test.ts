import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache';

function cacheWithClock(ttlMs = 1_000, maxEntries = 3) {
  const clock = { now: 0 };
  const cache = new ResultCache<string>({ ttlMs, maxEntries, now: () => clock.now });
  let loads = 0;
  const load = (value: string) => () => {
    loads += 1;
    return Promise.resolve(value);
  };
  return { cache, clock, load, loads: () => loads };
}

describe('the short-lived result cache', () => {
  it('answers an identical request from memory until the entry expires, then loads again', async () => {
    const { cache, clock, load, loads } = cacheWithClock();
    expect(await cache.get('q', load('old'))).toBe('old');
    clock.now = 999;
    expect(await cache.get('q', load('new'))).toBe('old');
    expect(loads()).toBe(1);
    clock.now = 1_000;
    expect(await cache.get('q', load('new'))).toBe('new');
    expect(loads()).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const { cache, load, loads } = cacheWithClock(1_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, load(key));
    expect(cache.size).toBe(3);
    await cache.get('b', load('b2'));
    expect(loads()).toBe(4);
    expect(await cache.get('a', load('a2'))).toBe('a2');
  });

  it('shares one load between identical requests made while it runs', async () => {
    const { cache, load, loads } = cacheWithClock();
    const [first, second] = await Promise.all([cache.get('q', load('x')), cache.get('q', load('y'))]);
    expect([first, second]).toEqual(['x', 'x']);
    expect(loads()).toBe(1);
  });

  it('does not keep a failure', async () => {
    const { cache, load } = cacheWithClock();
    await expect(cache.get('q', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(await cache.get('q', load('back'))).toBe('back');
  });
});
