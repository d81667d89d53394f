/**
 * Where the compression middleware keeps the gzip it made of a body that is answered many times
 * (a kept visitor /search page, site/server/kept-pages.ts), so that the next request that accepts
 * gzip gets those bytes instead of compressing the same body again. Lives as long as its owner.
 */
export interface CompressedCopies {
  gzip?: Uint8Array;
}
