import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache';

const page = (tag: string) => ({
  body: new Uint8Array(),
  gzip: new Uint8Array(),
  etag: `"${tag}"`,
  tags: [tag],
  storedAt: Date.now(),
});

/** A database whose LISTEN is in place only when the test says so. */
function slowListener() {
  let established: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    established = resolve;
  });
  return {
    database: {
      listen: async () => {
        await started;
        return async () => {};
      },
    },
    establish: () => established(),
  };
}

describe('a page cache that is not listening yet', () => {
  it('drops what it stored before the LISTEN was in place, which may have missed a change', async () => {
    const { database, establish } = slowListener();
    const cache = createPageCache(database);
    await cache.store.getOrRender('shop', async () => page('shop'));
    expect(cache.store.get('shop')).toBeDefined();

    establish();
    await cache.listening;
    expect(cache.store.get('shop')).toBeUndefined();

    await cache.store.getOrRender('shop', async () => page('shop'));
    expect(cache.store.get('shop')).toBeDefined();
    await cache.close();
  });

  it('does not store a render that began before the LISTEN and ended after it', async () => {
    const { database, establish } = slowListener();
    const cache = createPageCache(database);
    let finish: () => void = () => {};
    const rendering = cache.store.getOrRender(
      'shop',
      () =>
        new Promise((resolve) => {
          finish = () => resolve(page('shop'));
        }),
    );
    establish();
    await cache.listening;
    finish();
    await rendering;
    expect(cache.store.get('shop')).toBeUndefined();
    await cache.close();
  });
});
