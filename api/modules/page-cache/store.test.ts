import { describe, expect, it } from 'vitest';
import { type CachedPage, PageStore } from './store';

const page = (bytes: number, tags: string[] = [], storedAt = Date.now()): CachedPage => ({
  body: new Uint8Array(bytes),
  gzip: new Uint8Array(0),
  etag: '"x"',
  tags,
  storedAt,
});

async function put(store: PageStore, key: string, value: CachedPage) {
  await store.getOrRender(key, async () => value);
}

describe('PageStore', () => {
  it('drops the pages that carry a changed tag, and only those', async () => {
    const store = new PageStore();
    await put(store, '/merchandise', page(10, ['shop']));
    await put(store, '/profile/a/1', page(10, ['profile:1']));
    store.invalidate(['shop']);
    expect(store.get('/merchandise')).toBeUndefined();
    expect(store.get('/profile/a/1')).toBeDefined();
  });

  it('keeps at most maxEntries pages, dropping the least recently used', async () => {
    const store = new PageStore({ maxEntries: 2 });
    await put(store, '/a', page(1));
    await put(store, '/b', page(1));
    store.get('/a');
    await put(store, '/c', page(1));
    expect(store.size).toBe(2);
    expect(store.get('/b')).toBeUndefined();
    expect(store.get('/a')).toBeDefined();
  });

  it('keeps at most maxBytes, and never stores a page larger than that', async () => {
    const store = new PageStore({ maxBytes: 100 });
    await put(store, '/a', page(60));
    await put(store, '/b', page(60));
    expect(store.bytes).toBe(60);
    expect(store.get('/a')).toBeUndefined();
    await put(store, '/huge', page(101));
    expect(store.get('/huge')).toBeUndefined();
  });

  it('forgets a page after its time to live', async () => {
    const store = new PageStore({ ttlMs: 1_000 });
    await put(store, '/a', page(1, [], 0));
    expect(store.get('/a', 999)).toBeDefined();
    expect(store.get('/a', 1_000)).toBeUndefined();
  });

  it('does not store a render that began before an invalidation (it may show the old data)', async () => {
    const store = new PageStore();
    let finish!: (p: CachedPage) => void;
    const rendering = store.getOrRender('/a', () => new Promise((resolve) => (finish = resolve)));
    store.invalidate(['shop']);
    finish(page(1, ['shop']));
    expect(await rendering).toBeDefined();
    expect(store.get('/a')).toBeUndefined();
  });

  it('renders a missing page once for concurrent requests', async () => {
    const store = new PageStore();
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 5));
      return page(1);
    };
    await Promise.all([store.getOrRender('/a', render), store.getOrRender('/a', render)]);
    expect(renders).toBe(1);
  });
});
