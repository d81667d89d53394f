import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../platform/env';
import { findHostileInput } from './input-guard';

/**
 * The input guard (input-guard.ts) for HTML form posts, which reach neither tRPC nor REST: a NUL
 * byte or a lone surrogate in a field is refused here, before any route reads it, instead of being
 * caught as a PostgreSQL data error after a query already ran. Only urlencoded bodies (every form
 * of ours but the image upload, which carries no text fields) are read: a clone of at most the
 * form body limit, leaving the route's own parseBody untouched.
 */
export function formInputGuard(onHostile: (c: Context<AppEnv>) => Response | Promise<Response>) {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const urlencoded = c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded');
    if (c.req.method !== 'POST' || !urlencoded) return next();
    const fields = Object.fromEntries(new URLSearchParams(await c.req.raw.clone().text()));
    if (findHostileInput(fields)) return onHostile(c);
    return next();
  };
  return handler;
}
