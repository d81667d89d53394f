import { sql } from 'kysely';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/factories/test-db';

/**
 * postgres.js 3.4.9 throws `Cannot read properties of null (reading 'write')` from a setImmediate
 * (outside any promise, so it ends the process) when a query is written to a connection whose
 * backend has gone; Kysely reaches that path on every dropped connection: statements pipelined on
 * the killed connection, and the ROLLBACK it sends after a failed transaction statement. db/client.ts
 * opens PostgreSQL through the driver as patched at install (patches/postgres+3.4.9.patch,
 * docs/decisions/0085-postgres-driver-patched-at-install.md); run on a new release without the patch,
 * this file says whether the fixes are still needed. An uncaught exception fails this file, so
 * "no crash" needs no assertion of its own.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
let killer: postgres.Sql;

beforeAll(async () => {
  t = await createTestDatabase();
  killer = postgres(t.url!, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await killer?.end();
  await t?.close();
});

/** Terminates every backend of the app's pool (application_name campaign-hq) but the killer's own. */
async function terminateAppBackends(): Promise<number[]> {
  const rows = await killer<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity, pg_terminate_backend(pid)
    WHERE datname = current_database() AND application_name = 'campaign-hq' AND pid <> pg_backend_pid()`;
  return rows.map((row) => row.pid);
}

/**
 * pg_terminate_backend only signals: under load a backend may still answer queries for a moment
 * (CI once saw the ten queries succeed and the next one fail on the now-dead socket). Waits until the
 * killed backends have exited, and a little longer for their sockets' close to reach the pool.
 */
async function untilExited(pids: number[]): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const [row] = await killer<{ alive: number }[]>`
      SELECT count(*)::int AS alive FROM pg_stat_activity WHERE pid = ANY(${pids}::int[])`;
    if (row?.alive === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const settled = <T>(p: Promise<T>) =>
  p.then(
    () => 'ok' as const,
    () => 'failed' as const,
  );

describe('a dropped PostgreSQL connection', () => {
  it('fails the queries it was running and the pool reconnects for the next ones', async () => {
    // Warm the pool: several connections, each with prepared statements.
    await Promise.all(Array.from({ length: 5 }, () => sql`SELECT pg_sleep(0.01)`.execute(t.db)));
    const killed = await terminateAppBackends();
    expect(killed.length).toBeGreaterThan(0);
    // The killed connections are still in the pool: the first queries on them may fail, none may crash.
    await Promise.all(Array.from({ length: 10 }, () => settled(sql`SELECT 1`.execute(t.db))));
    // A backend that was still dying during those may take one more query down with it; once they have
    // all gone, the pool must answer from new connections.
    await untilExited(killed);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(t.db);
    expect(rows[0]?.one).toBe(1);
  });

  it('rolls back a transaction whose connection dies mid-way without ending the process', async () => {
    for (let round = 0; round < 5; round++) {
      const transactions = Array.from({ length: 4 }, () =>
        settled(
          t.db.transaction().execute(async (trx) => {
            await sql`SELECT pg_sleep(0.05)`.execute(trx);
            await sql`SELECT pg_sleep(0.05)`.execute(trx);
          }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 30));
      await terminateAppBackends();
      await Promise.all(transactions);
    }
    // Every connection of the pool must be usable again: run more queries than the pool has slots.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sql<{ n: number }>`SELECT ${i}::int AS n`.execute(t.db)),
    );
    expect(results.map((r) => r.rows[0]?.n)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});
