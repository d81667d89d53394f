import type { CompressedCopies } from '../../api/platform/compressed-copies';

/**
 * Rendered pages kept by URL for as long as the data they were rendered from is current, least
 * recently used dropped first once `maxBytes` is passed (docs/decisions/0049-visitor-search-pages-and-query-header.md).
 *
 * A page is stored as UTF-8 bytes, outside V8's heap: kept as strings, two thousand search pages
 * (two-byte strings of ~40,000 characters) made the heap 400 MB and each wave of replaced pages a
 * long mark-compact. `sources` are the objects the page shows (a cached answer, the reference
 * lists): a page made from any older one is never answered, so a page is as fresh as its sources.
 */
export interface KeptPage {
  sources: readonly object[];
  body: Uint8Array;
  status: number;
  /**
   * Its gzip, made by the compression middleware for the first answer that accepted it and sent
   * to the next ones. Not counted in `maxBytes` (about a seventh of the page's bytes).
   */
  compressed: CompressedCopies;
}

export class KeptPages {
  /** Map order is recency order: a hit moves its key to the end. */
  readonly #pages = new Map<string, KeptPage>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(url: string, sources: readonly object[]): KeptPage | undefined {
    const page = this.#pages.get(url);
    if (!page || page.sources.length !== sources.length || page.sources.some((s, i) => s !== sources[i]))
      return undefined;
    this.#pages.delete(url);
    this.#pages.set(url, page);
    return page;
  }

  set(url: string, page: KeptPage): void {
    this.#drop(url);
    if (page.body.byteLength > this.maxBytes) return;
    this.#pages.set(url, page);
    this.#bytes += page.body.byteLength;
    for (const oldest of this.#pages.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  get bytes(): number {
    return this.#bytes;
  }

  #drop(url: string): void {
    const page = this.#pages.get(url);
    if (!page) return;
    this.#pages.delete(url);
    this.#bytes -= page.body.byteLength;
  }
}
