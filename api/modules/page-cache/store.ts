/**
 * A bounded in-process store of rendered pages (docs/decisions/0025-visitor-page-cache.md).
 * Entries are dropped by tag when the data they show changes, after `ttlMs` as a safety net,
 * and least-recently-used first once `maxEntries` or `maxBytes` is passed.
 */
export interface CachedPage {
  /** The HTML as rendered, and gzipped once so that hits cost no compression. */
  body: Uint8Array;
  gzip: Uint8Array;
  etag: string;
  tags: readonly string[];
  storedAt: number;
}

export interface PageStoreLimits {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
}

export const DEFAULT_PAGE_STORE_LIMITS: PageStoreLimits = {
  maxEntries: 1_000,
  maxBytes: 32 * 1024 * 1024,
  ttlMs: 60_000,
};

const sizeOf = (page: CachedPage) => page.body.byteLength + page.gzip.byteLength;

export class PageStore {
  readonly #limits: PageStoreLimits;
  /** Map order is recency order: a hit moves its key to the end. */
  readonly #pages = new Map<string, CachedPage>();
  readonly #keysByTag = new Map<string, Set<string>>();
  readonly #pending = new Map<string, Promise<CachedPage | null>>();
  #bytes = 0;
  /**
   * Bumped by every invalidation. A render that began before one may have read the old data,
   * so it is served but not stored.
   */
  #generation = 0;

  constructor(limits: Partial<PageStoreLimits> = {}) {
    this.#limits = { ...DEFAULT_PAGE_STORE_LIMITS, ...limits };
  }

  get size() {
    return this.#pages.size;
  }

  get bytes() {
    return this.#bytes;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    if (now - page.storedAt >= this.#limits.ttlMs) {
      this.#delete(key);
      return undefined;
    }
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  /**
   * The page under `key`, rendering it at most once at a time: concurrent misses for one key
   * share the first one's render (null when that answer may not be cached).
   */
  getOrRender(
    key: string,
    render: () => Promise<CachedPage | null>,
  ): CachedPage | Promise<CachedPage | null> {
    const hit = this.get(key);
    if (hit) return hit;
    const inFlight = this.#pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.#generation;
    const rendering = render()
      .then((page) => {
        if (page && generation === this.#generation) this.#set(key, page);
        return page;
      })
      .finally(() => this.#pending.delete(key));
    this.#pending.set(key, rendering);
    return rendering;
  }

  invalidate(tags: readonly string[]) {
    this.#generation++;
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.#delete(key);
    }
  }

  clear() {
    this.#generation++;
    for (const key of [...this.#pages.keys()]) this.#delete(key);
  }

  #set(key: string, page: CachedPage) {
    if (sizeOf(page) > this.#limits.maxBytes) return;
    this.#delete(key);
    this.#pages.set(key, page);
    this.#bytes += sizeOf(page);
    for (const tag of page.tags) {
      let keys = this.#keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.#keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    for (const oldest of this.#pages.keys()) {
      if (this.#pages.size <= this.#limits.maxEntries && this.#bytes <= this.#limits.maxBytes) break;
      this.#delete(oldest);
    }
  }

  #delete(key: string) {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= sizeOf(page);
    for (const tag of page.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}
