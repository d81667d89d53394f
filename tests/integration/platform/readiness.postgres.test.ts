import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  ensureClientBuild,
  type ScratchDatabase,
  type ServerProcess,
  startServerProcess,
  waitForOk,
} from '../../factories/server-process';

/**
 * GET /readyz stays 503 until the server has migrated its database, while the port already
 * answers; a page asked for meanwhile is held and served once ready, not refused
 * (docs/decisions/0038-several-workers-and-instances.md). The test holds the migrator's lock (the
 * one Kysely's PostgreSQL adapter takes) so the migration waits for it. Collected only with
 * DATABASE_URL.
 */
const PORT = 3316;
/** Kysely's PostgresAdapter migration lock id (kysely/dist/esm/dialect/postgres/postgres-adapter.js). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

let database: ScratchDatabase;
let server: ServerProcess | undefined;
let locker: postgres.Sql;

beforeAll(async () => {
  ensureClientBuild();
  database = await createScratchDatabase(process.env.DATABASE_URL!);
  locker = postgres(database.url, { max: 1, onnotice: () => {} });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await locker?.end();
  await database?.drop();
});

const status = async (path: string) => {
  const res = await fetch(`${server!.baseUrl}${path}`, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('readiness', () => {
  it('is false until migrations finish, then true; a page asked for meanwhile waits for it', async () => {
    await locker.unsafe(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
    server = await startServerProcess('api/main.ts', {
      PORT: String(PORT),
      DATABASE_URL: database.url,
      APP_SECRET: 'readiness-test-secret-0123456789-0123456789',
    });
    // The port answers before the database is migrated: not ready, and it says why.
    const by = Date.now() + 60_000;
    for (;;) {
      const answer = await status('/readyz').catch(() => null);
      if (answer?.body.step === 'migrating') {
        expect(answer).toEqual({
          status: 503,
          body: { ready: false, status: 'starting', step: 'migrating' },
        });
        break;
      }
      expect(Date.now(), server.output()).toBeLessThan(by);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await status('/healthz')).status).toBe(503);
    const page = fetch(`${server.baseUrl}/`).then((res) => res.status);
    // Still waiting on the lock a second later: still not ready.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await status('/readyz')).toMatchObject({ status: 503, body: { step: 'migrating' } });
    const tables = await locker`select 1 from pg_tables where tablename = 'users'`;
    expect(tables).toHaveLength(0);

    await locker.unsafe(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
    await waitForOk(`${server.baseUrl}/readyz`, 60_000);
    expect(await status('/readyz')).toEqual({ status: 200, body: { ready: true, status: 'ready' } });
    expect(await page).toBe(200);
  }, 120_000);
});
