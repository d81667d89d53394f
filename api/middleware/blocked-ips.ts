import { createMiddleware } from 'hono/factory';
import { blockedIps, loadedBlockedIps } from '../modules/security/blocked-ips';
import type { AppEnv } from './app-env';

/** Requests from blocked addresses see /blocked/ip (pages) or 403 (API). */
export function blockedIpGuard() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path;
    if (
      path === '/blocked/ip' ||
      path.startsWith('/assets/') ||
      path.startsWith('/images/') ||
      path === '/healthz' ||
      path === '/readyz'
    ) {
      return next();
    }
    const db = c.get('db');
    const ips = loadedBlockedIps(db) ?? (await blockedIps(db));
    if (!ips.has(c.get('ip'))) return next();
    if (path.startsWith('/api/')) {
      return c.json(
        { error: { code: 'FORBIDDEN', message: 'Requests from your network are blocked.' } },
        403,
      );
    }
    return c.redirect('/blocked/ip', 302);
  });
}
