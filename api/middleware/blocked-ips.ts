import { createMiddleware } from 'hono/factory';
import type { Db } from '../../db/client';
import type { AppEnv } from '../platform/env';

/**
 * Requests from blocked addresses see /blocked/ip (pages) or 403 (API). The list is read at
 * most every 15 s per process: a block takes effect everywhere within that time without a
 * query on every request.
 */
const REFRESH_MS = 15_000;
const caches = new WeakMap<Db, { at: number; ips: Promise<Set<string>> }>();

export function blockedIps(db: Db): Promise<Set<string>> {
  const hit = caches.get(db);
  if (hit && Date.now() - hit.at < REFRESH_MS) return hit.ips;
  const ips = db
    .selectFrom('blocked_ips')
    .select('ip')
    .execute()
    .then((rows) => new Set(rows.map((r) => r.ip)));
  caches.set(db, { at: Date.now(), ips });
  ips.catch(() => caches.delete(db));
  return ips;
}

/** Called after a block or unblock so this process reacts at once. */
export function forgetBlockedIps(db: Db) {
  caches.delete(db);
}

export function blockedIpGuard() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path;
    if (
      path === '/blocked/ip' ||
      path.startsWith('/assets/') ||
      path.startsWith('/images/') ||
      path === '/healthz'
    ) {
      return next();
    }
    if (!(await blockedIps(c.get('db'))).has(c.get('ip'))) return next();
    if (path.startsWith('/api/')) {
      return c.json(
        { error: { code: 'FORBIDDEN', message: 'Requests from your network are blocked.' } },
        403,
      );
    }
    return c.redirect('/blocked/ip', 302);
  });
}
