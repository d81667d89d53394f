import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../platform/env';
import { requestHeader } from '../platform/request-header';

/**
 * gzip for answers worth it. Skipped before any work when the client accepts no compression or
 * asks for headers only, and for tracking answers: a few dozen bytes sent many times a minute by
 * every open page, where a gzip stream per answer would cost more CPU than the bytes it saves.
 * A response built complete (the page cache's, already gzipped once) is left alone.
 */
export function compressWhenWorthIt(): MiddlewareHandler<AppEnv> {
  const compressed = compress();
  const nothingLeft = async () => {};
  return async (c, next) => {
    if (!worthCompressing(c)) return next();
    await next();
    if (c.get('headersComplete')) return;
    await compressed(c, nothingLeft);
  };
}

function worthCompressing(c: Context<AppEnv>): boolean {
  if (c.req.method === 'HEAD' || c.req.path.startsWith('/api/trpc/tracking.')) return false;
  const accepted = requestHeader(c, 'accept-encoding');
  return accepted !== undefined && /gzip|deflate|\*/i.test(accepted);
}
