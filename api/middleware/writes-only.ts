import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { AppEnv } from './app-env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs `middleware` in order for requests that can change state, and skips them in one step for
 * GET, HEAD and OPTIONS: each of them already lets those through, but a layer per check is a
 * cost every page and asset request paid (issue 17).
 */
export function forWritesOnly(...middleware: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  const chain = every(...middleware);
  return (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : chain(c, next));
}
