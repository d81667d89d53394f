import { deflateSync, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { KnownTextBody } from '../platform/compressed-copies';
import type { AppEnv } from '../platform/env';
import { gzipParts } from '../platform/gzip-parts';
import { requestHeader } from '../platform/request-header';
import { knownTextBody } from '../platform/text-bodies';

/** Below this many bytes a compressed body saves less than its header and the work cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/**
 * zlib level for pages rendered per request, compressed in one synchronous call: level 1 made an
 * 18 KB page 5.0 KB in 84–102 µs of CPU, level 4 4.7 KB in 145–153 µs; zlib's asynchronous call
 * (libuv's threads, a stream per page) took 315–405 µs of CPU for the same level-4 bytes
 * (docs/decisions/0058-rendered-pages-compressed-in-one-call.md).
 */
const RENDERED_LEVEL = 1;

type Encoding = 'gzip' | 'deflate';

/**
 * gzip for answers worth it. Skipped before any work when the client accepts no compression or
 * asks for headers only, and for tracking answers: a few dozen bytes sent many times a minute by
 * every open page, where a gzip stream per answer would cost more CPU than the bytes it saves.
 * A response built complete (the page cache's, already gzipped once) is left alone.
 *
 * A rendered page (api/platform/text-bodies.ts) is compressed from its string in one zlib call,
 * and not at all under COMPRESSION_THRESHOLD_BYTES; so is a JSON answer sent whole (tRPC's and the
 * REST API's), read first (docs/decisions/0058-rendered-pages-compressed-in-one-call.md). A page
 * that comes in parts is gzipped from them, only the parts new to this answer compressed
 * (docs/decisions/0059-pages-gzipped-in-parts.md).
 * Anything else (CSV exports, event streams, tRPC's chunked streams) goes through hono/compress,
 * which streams (docs/decisions/0044-compressing-what-we-render.md).
 */
export function compressWhenWorthIt(): MiddlewareHandler<AppEnv> {
  const compressed = compress();
  const nothingLeft = async () => {};
  return async (c, next) => {
    const encoding = encodingFor(c);
    if (!encoding) return next();
    await next();
    if (c.get('headersComplete')) return;
    const known = knownTextBody(c);
    if (known !== undefined) return compressText(c, known, encoding);
    if (isWholeJson(c.res)) return compressJson(c, encoding);
    await compressed(c, nothingLeft);
  };
}

/**
 * A JSON answer whose body is one finished string (not a chunked stream): hono/compress would pipe
 * it through a CompressionStream, about 400 µs of CPU even for the few hundred bytes most tRPC
 * answers are, because it skips small bodies only when they declare a Content-Length.
 */
function isWholeJson(res: Response): boolean {
  const headers = res.headers;
  return (
    res.body !== null &&
    (headers.get('content-type')?.startsWith('application/json') ?? false) &&
    !headers.has('transfer-encoding') &&
    !headers.has('content-encoding')
  );
}

async function compressJson(c: Context<AppEnv>, encoding: Encoding): Promise<void> {
  const res = c.res;
  const text = await res.text();
  // The body is read: the answer is rebuilt from it, then compressed like a page if worth it.
  c.res = undefined;
  c.res = new Response(text, { status: res.status, headers: res.headers });
  compressText(c, { text, status: res.status }, encoding);
}

function compressText(c: Context<AppEnv>, known: KnownTextBody, encoding: Encoding): void {
  // Too small to gain: sent as it is to every client, so it does not vary by encoding either.
  // (Checked first: reading a response's headers is what costs here.)
  if (isBelowThreshold(known.text)) return;
  const res = c.res;
  const headers = res.headers;
  if (
    headers.has('content-encoding') ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')
  )
    return;
  const body = encoding === 'gzip' ? gzipOf(known) : deflateSync(known.text, { level: RENDERED_LEVEL });
  const outgoing = new Headers(headers);
  const vary = outgoing.get('vary');
  if (!vary || !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))
    outgoing.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  outgoing.set('content-encoding', encoding);
  outgoing.delete('content-length');
  const etag = outgoing.get('etag');
  if (etag && !etag.startsWith('W/')) outgoing.set('etag', `W/${etag}`);
  // Cleared first: Hono's setter would otherwise copy the old response's headers onto this one.
  c.res = undefined;
  c.res = new Response(
    new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>,
    {
      status: res.status,
      headers: outgoing,
    },
  );
}

/**
 * UTF-8 takes at least one byte per UTF-16 unit, so a long string needs no counting (a page's
 * byteLength is a scan of every character).
 */
function isBelowThreshold(text: string | Uint8Array): boolean {
  if (typeof text !== 'string') return text.byteLength < COMPRESSION_THRESHOLD_BYTES;
  return text.length < COMPRESSION_THRESHOLD_BYTES && Buffer.byteLength(text) < COMPRESSION_THRESHOLD_BYTES;
}

/**
 * The gzip of a body: made from its parts, compressing only those new to this answer
 * (docs/decisions/0059-pages-gzipped-in-parts.md), else from the whole text; for a body answered
 * many times (a kept page), kept once made (from the whole text at zlib's default level when the
 * answer that made it had no parts). Deflate, which few clients take alone, is made from the whole
 * text each time.
 */
function gzipOf({ text, compressed, parts }: KnownTextBody): Uint8Array {
  if (compressed) {
    compressed.gzip ??= parts ? gzipParts(parts, RENDERED_LEVEL) : gzipSync(text);
    return compressed.gzip;
  }
  if (parts) return gzipParts(parts, RENDERED_LEVEL);
  return gzipSync(text, { level: RENDERED_LEVEL });
}

/** gzip when the client takes it, else deflate; none for HEAD and tracking answers. */
function encodingFor(c: Context<AppEnv>): Encoding | undefined {
  if (c.req.method === 'HEAD' || c.req.path.startsWith('/api/trpc/tracking.')) return undefined;
  return chooseEncoding(requestHeader(c, 'accept-encoding'));
}

/**
 * The encoding for an Accept-Encoding header. Every page and call asks this, and a browser sends
 * the same header every time: the last header's answer is kept (1.2 µs a parse, a visible share
 * of a small answer's cost).
 */
let lastHeader: string | undefined;
let lastEncoding: Encoding | undefined;

export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  if (header !== lastHeader) {
    lastEncoding = parseEncoding(header);
    lastHeader = header;
  }
  return lastEncoding;
}

function parseEncoding(header: string): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim().toLowerCase(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('gzip') > 0 && weight('gzip') >= weight('deflate')) return 'gzip';
  return weight('deflate') > 0 ? 'deflate' : undefined;
}
