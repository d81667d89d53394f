import type { TextPart } from './gzip-parts';

/**
 * Where the compression middleware keeps the gzip it made of a body that is answered many times
 * (a kept visitor /search page, site/server/kept-pages.ts), so that the next request that accepts
 * gzip gets those bytes instead of compressing the same body again. Lives as long as its owner.
 */
export interface CompressedCopies {
  gzip?: Uint8Array;
}

/** What the compression middleware may use besides the text itself. */
export interface TextBodyCopies {
  /** For a body answered many times: where its gzip is kept once made. */
  compressed?: CompressedCopies;
  /** The text in parts, some kept between answers, so that only the new ones are compressed. */
  parts?: readonly TextPart[];
}

/** The text behind a response, as the request keeps it. */
export interface KnownTextBody extends TextBodyCopies {
  text: string | Uint8Array;
  status: number;
}
