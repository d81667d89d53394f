import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { parseAccept } from 'hono/utils/accept';
import { carriesSessionCookie } from '../auth/cookies';
import type { PageTag } from '../modules/page-cache/changes';
import type { CachedPage } from '../modules/page-cache/store';
import { requestHeader } from '../platform/request-header';
import type { AppEnv } from './app-env';

/**
 * Visitors: browsers revalidate every time (max-age=0; a 304 costs a few bytes), so a visitor
 * who signs in or a price that changes shows at once; a shared cache (CDN) may answer for 10 s
 * and for 60 s more while it fetches a fresh copy in the background. Checkout re-reads price and
 * stock (docs/decisions/0016-checkout-guards.md), so a stale copy can show but never sell what is gone (docs/decisions/0025-visitor-page-cache.md).
 */
export const VISITOR_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';
/** Anyone with a session cookie: their page is theirs alone, stored nowhere (set by the session middleware). */
export { SIGNED_IN_CACHE_CONTROL } from './session';

type Tags = readonly PageTag[] | ((c: Context<AppEnv>) => readonly PageTag[]);

/** The headers of every answer from the cache (the security headers are added by their middleware). */
const CACHED_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/html; charset=UTF-8',
  'cache-control': VISITOR_CACHE_CONTROL,
  vary: 'Cookie, Accept-Encoding',
});

/**
 * Serves a page to visitors from the app's page cache (docs/decisions/0025-visitor-page-cache.md): rendered once, then
 * answered with no query, no render and no compression until the data behind `tags` changes:
 * each entry keeps one gzip copy, made when it is stored, and the compress middleware leaves an
 * answer that already has a Content-Encoding alone (docs/decisions/0080-stock-compression.md).
 * Only a GET or HEAD with no query string and no session cookie is served from or stored in the
 * cache, and only a 200 HTML answer that sets no cookie is stored. A request with a session
 * cookie always renders its own page and is marked private.
 */
export function cachedForVisitors(tags: Tags) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    if (carriesSessionCookie(c) || c.req.url.includes('?')) {
      await next();
      // A session cookie's answer is marked private by the session middleware. On the response's
      // own headers: c.header() after the response exists makes Hono re-wrap it.
      c.res.headers.append('Vary', 'Cookie');
      return;
    }
    let renderedHere = false;
    const page = await c.get('pageCache').getOrRender(c.req.path, async () => {
      renderedHere = true;
      await next();
      return capture(c, typeof tags === 'function' ? tags(c) : tags);
    });
    if (page) {
      const answer = answerFromCache(c, page);
      if (!renderedHere) return answer;
      // After next() Hono keeps the handler's response unless it is replaced outright; clearing
      // it first keeps Hono from copying the rendered response's headers onto this one.
      c.res = undefined;
      c.res = answer;
      return;
    }
    // Another request's render could not be stored (an error, a redirect): render this one.
    if (!renderedHere) await next();
    c.res.headers.append('Vary', 'Cookie');
  });
}

async function capture(c: Context<AppEnv>, tags: readonly string[]): Promise<CachedPage | null> {
  const res = c.res;
  if (res.status !== 200 || res.headers.has('set-cookie')) return null;
  if (!res.headers.get('content-type')?.startsWith('text/html')) return null;
  const body = new Uint8Array(await res.arrayBuffer());
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, gzip: gzipSync(body), etag: `"${hash}"`, tags, storedAt: Date.now() };
}

function answerFromCache(c: Context<AppEnv>, page: CachedPage): Response {
  // The stored copy is gzip: a client that does not take it gets the plain bytes.
  const gzip = takesGzip(requestHeader(c, 'accept-encoding'));
  // One ETag per representation: the gzipped bytes differ from the plain ones.
  const etag = gzip ? `${page.etag.slice(0, -1)}-gz"` : page.etag;
  const headers: Record<string, string> = gzip
    ? { ...CACHED_PAGE_HEADERS, etag, 'content-encoding': 'gzip' }
    : { ...CACHED_PAGE_HEADERS, etag };
  if (matchesEtag(requestHeader(c, 'if-none-match'), etag)) {
    delete headers['content-encoding'];
    return new Response(null, { status: 304, headers });
  }
  return new Response((gzip ? page.gzip : page.body) as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** Whether an Accept-Encoding takes gzip: named with a weight above 0, or else through `*`. */
function takesGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepted = parseAccept(header);
  const gzip = accepted.find((a) => a.type.toLowerCase() === 'gzip') ?? accepted.find((a) => a.type === '*');
  return (gzip?.q ?? 0) > 0;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
