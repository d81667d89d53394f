import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/factories/test-db';
import { type DbHandle, openDatabase } from './client';
import { leavesSessionState } from './postgres-dialect';

/**
 * Kysely over postgres.js through the pool (db/postgres-dialect.ts,
 * docs/decisions/0042-statements-through-the-pool.md): lone statements share pooled connections
 * and are prepared; a transaction, and a db.connection() that takes session state, keep one
 * connection.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;
/** One connection, so what a statement left in its session is visible to the next one. */
let single: DbHandle;
/** Four connections, so statements that must share a session would otherwise scatter. */
let pooled: DbHandle;

beforeAll(async () => {
  t = await createTestDatabase();
  single = await openDatabase({ databaseUrl: t.url!, dataDir: 'unused', maxConnections: 1 });
  pooled = await openDatabase({ databaseUrl: t.url!, dataDir: 'unused', maxConnections: 4 });
});

afterAll(async () => {
  await single?.close();
  await pooled?.close();
  await t?.close();
});

const backendPid = async (db: DbHandle['db']) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

describe('statements through the pool', () => {
  it('prepare a parameterised statement once per connection, but not one with a long parameter list', async () => {
    const db = single.db;
    for (let i = 0; i < 3; i++) {
      await db.selectFrom('users').select('id').where('email', '=', `nobody-${i}@example.test`).execute();
    }
    const many = Array.from({ length: 100 }, (_, i) => `list-${i}@example.test`);
    await db.selectFrom('users').select('id').where('email', 'in', many).execute();

    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements where statement like '%"users"%'`.execute(db);
    const prepared = rows.map((row) => row.statement);
    expect(prepared.filter((s) => s.includes('"email" = $1'))).toHaveLength(1);
    expect(prepared.some((s) => s.includes('$100'))).toBe(false);
  });

  it('plan a pattern match for each pattern: never prepared, so never on a generic plan', async () => {
    const db = single.db;
    for (const fragment of ['ada', 'bea', 'cai', 'dov', 'eli', 'fay', 'gus']) {
      await db.selectFrom('users').select('id').where('email', 'ilike', `%${fragment}%`).execute();
      await db.selectFrom('users').select('id').where('last_name', 'like', `${fragment}%`).execute();
    }
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements where statement like '%"users"%'`.execute(db);
    expect(rows.map((row) => row.statement).filter((s) => /\bi?like\b/i.test(s))).toEqual([]);
  });

  it('run many concurrent statements on fewer connections, each with its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(pooled.db)),
    );
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('keep a transaction on one connection, and its rollback undoes its writes', async () => {
    const email = 'rolled-back@example.test';
    await expect(
      pooled.db.transaction().execute(async (trx) => {
        const first = await backendPid(trx);
        await trx
          .insertInto('users')
          .values({ email, kind: 'individual', first_name: 'R', last_name: 'B' })
          .execute();
        // Concurrent lone statements elsewhere do not move the transaction's own statements.
        await Promise.all(Array.from({ length: 8 }, () => backendPid(pooled.db)));
        expect(await backendPid(trx)).toBe(first);
        expect(
          await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
        ).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(
      await pooled.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('hold a session lock taken on db.connection() until it is released there', async () => {
    const key = 424_242;
    await pooled.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${sql.lit(key)})`.execute(connection);
      // Another session cannot take it while this connection holds it...
      const other = await sql<{ got: boolean }>`select pg_try_advisory_lock(${sql.lit(key)}) as got`.execute(
        single.db,
      );
      expect(other.rows[0]!.got).toBe(false);
      // ...and the unlock runs on the session that holds it (false would mean another backend).
      const released = await sql<{ ok: boolean }>`select pg_advisory_unlock(${sql.lit(key)}) as ok`.execute(
        connection,
      );
      expect(released.rows[0]!.ok).toBe(true);
    });
    const after = await sql<{ got: boolean }>`select pg_try_advisory_lock(${sql.lit(key)}) as got`.execute(
      single.db,
    );
    expect(after.rows[0]!.got).toBe(true);
    await sql`select pg_advisory_unlock(${sql.lit(key)})`.execute(single.db);
  });
});

describe('leavesSessionState', () => {
  it('knows the statements that leave state for the next one in their session', () => {
    for (const statement of [
      'select pg_advisory_lock(7)',
      'SELECT pg_try_advisory_lock($1)',
      "set statement_timeout = '1s'",
      'SET LOCAL session_replication_role = replica',
      'listen campaign_hq_page_data',
      'create temp table t (id int)',
      "select set_config('a.b', 'c', false)",
    ]) {
      expect(leavesSessionState(statement), statement).toBe(true);
    }
    for (const statement of [
      'select * from sessions where id = $1',
      'insert into settings (name) values ($1)',
      'update users set reset_token = null where id = $1',
    ]) {
      expect(leavesSessionState(statement), statement).toBe(false);
    }
  });
});
