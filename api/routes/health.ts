import type { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../platform/env';

/** Load balancers poll this: 200 when the database answers, 503 otherwise. */
export function registerHealthRoute(app: Hono<AppEnv>) {
  app.get('/healthz', async (c) => {
    const started = performance.now();
    try {
      await sql`SELECT 1`.execute(c.get('db'));
      const ms = Math.round((performance.now() - started) * 10) / 10;
      return c.json({ status: 'ok', database: { reachable: true, engine: c.get('database').engine, ms } });
    } catch (error) {
      return c.json({ status: 'error', database: { reachable: false, error: String(error) } }, 503);
    }
  });
}
