import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/factories/test-db';
import type { DbHandle } from './client';

/**
 * The session settings every PostgreSQL connection of the app starts with (db/client.ts): custom
 * plans per parameter, and no JIT, whose compilation cost a 10 ms name search 340 ms once the
 * planner's estimate over a set-returning function crossed its threshold
 * (docs/decisions/0047-precompiled-page-queries-and-no-jit.md), on one pool
 * (docs/decisions/0086-one-postgres-pool.md).
 */
let database: DbHandle & { url?: string };

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.close());

describe('PostgreSQL connections', () => {
  it('run without JIT and with custom plans, on pooled statements and in transactions', async () => {
    const settings = sql<{ jit: string; plan_cache_mode: string }>`
      SELECT current_setting('jit') AS jit, current_setting('plan_cache_mode') AS plan_cache_mode`;
    const expected = { jit: 'off', plan_cache_mode: 'force_custom_plan' };
    expect((await settings.execute(database.db)).rows).toEqual([expected]);
    expect((await database.db.transaction().execute((trx) => settings.execute(trx))).rows).toEqual([
      expected,
    ]);
  });

  it('are at most the pool size per process, whatever runs on them', async () => {
    // tests/factories/test-db.ts opens the pool with 5: max_connections is sized on that figure
    // (README.md, PostgreSQL), so no statement may open connections beside it.
    const backends = await Promise.all(
      Array.from({ length: 20 }, () =>
        sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.02)`.execute(database.db),
      ),
    );
    const pids = new Set(backends.map((result) => result.rows[0]?.pid));
    expect(pids.size).toBeGreaterThan(1);
    expect(pids.size).toBeLessThanOrEqual(5);
  });
});
