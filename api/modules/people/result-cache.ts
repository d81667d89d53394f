/**
 * A short-lived, bounded map of recent results (docs/decisions/0026-people-search-under-load.md). Entries expire `ttlMs`
 * after they were made, whatever happens meanwhile, so the staleness of a shared answer has a
 * known bound; the oldest entry goes when the map is full. A value still being computed is
 * shared too: a burst of identical requests costs one database query.
 */
export interface ResultCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds; tests pass their own clock. */
  now?: () => number;
}

export class ResultCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();
  private readonly now: () => number;

  constructor(private readonly options: ResultCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cached value for `key`, or `load()`'s, kept until it expires (a failure is not kept). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { value, expires: now + this.options.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Insertion order is age order: the first key is the oldest entry.
    while (this.entries.size > this.options.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
