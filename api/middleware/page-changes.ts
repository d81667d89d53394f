import { createMiddleware } from 'hono/factory';
import { runInWriteScope } from '../modules/page-cache/changes';
import type { AppEnv } from '../platform/env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write request's page-data changes (pageDataChanged in the modules) drop this instance's
 * cached copies as soon as its handler returns, after the transaction committed: the writer's
 * next page is fresh without waiting for the NOTIFY that tells the other instances.
 */
export function applyPageChanges() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // The handler reads `db` from the context: it gets the instance that collects the changes.
    await runInWriteScope(
      c.get('db'),
      (scopedDb) => {
        c.set('db', scopedDb);
        return next();
      },
      (tags) => c.get('pageCache').invalidate(tags),
    );
  });
}
