import type { Hono } from 'hono';
import type { AppEnv } from '../../middleware/app-env';
import { pingDatabase } from '../../modules/health-checks/database-ping';
import type { Readiness } from '../../process/readiness';

/**
 * GET /healthz: the process is alive and its database answers (200), or not (503). GET /readyz:
 * send it traffic (200) only when it has started (migrations, caches), is not draining for a stop
 * and its database answers; 503 with the reason otherwise. Load balancers route by /readyz.
 */
export function registerHealthRoute(app: Hono<AppEnv>, readiness: Readiness) {
  app.get('/healthz', async (c) => {
    const started = performance.now();
    try {
      await pingDatabase(c.get('db'));
      const ms = Math.round((performance.now() - started) * 10) / 10;
      return c.json({ status: 'ok', database: { reachable: true, engine: c.get('database').engine, ms } });
    } catch (error) {
      return c.json({ status: 'error', database: { reachable: false, error: String(error) } }, 503);
    }
  });

  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (readiness.state !== 'ready') {
      return c.json({ ready: false, status: readiness.state, step: readiness.step }, 503);
    }
    try {
      await pingDatabase(c.get('db'));
      return c.json({ ready: true, status: 'ready' });
    } catch {
      return c.json({ ready: false, status: 'database unreachable' }, 503);
    }
  });
}
