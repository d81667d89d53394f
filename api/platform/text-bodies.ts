import type { Context } from 'hono';
import type { KnownTextBody, TextBodyCopies } from './compressed-copies';
import type { AppEnv } from './env';

/**
 * The string (or its UTF-8 bytes) a response was built from (a rendered page), kept on the request so the compression
 * middleware (api/middleware/compression.ts) can gzip the string with zlib instead of piping the
 * response through a web CompressionStream, which cost about half a millisecond of CPU per page
 * (docs/decisions/0044-compressing-what-we-render.md). Kept on the context rather than on the
 * Response: Hono re-wraps a response when a middleware sets a header after it was made.
 */
export function withKnownTextBody(
  c: Context<AppEnv>,
  response: Response,
  text: string | Uint8Array,
  copies: TextBodyCopies = {},
): Response {
  c.set('renderedText', { text, status: response.status, ...copies });
  return response;
}

/**
 * The string behind the current response, when it is still that response (the same status). A
 * middleware that replaced it outright with a page of its own renders that page through
 * withKnownTextBody too, and the visitor cache marks its answers complete; none replaces a page
 * with something else of the same status.
 */
export function knownTextBody(c: Context<AppEnv>): KnownTextBody | undefined {
  const known = c.get('renderedText');
  if (!known || c.res.status !== known.status) return undefined;
  return known;
}
