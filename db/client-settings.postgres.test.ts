import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/factories/test-db';
import type { DbHandle } from './client';
import { genericPlan, onGenericPlan } from './generic-plans';

/**
 * The session settings every PostgreSQL connection of the app starts with (db/client.ts): custom
 * plans per parameter, and no JIT, whose compilation cost a 10 ms name search 340 ms once the
 * planner's estimate over a set-returning function crossed its threshold
 * (docs/decisions/0047-precompiled-page-queries-and-no-jit.md). Statements marked as planning alike for
 * every value keep a generic plan (docs/decisions/0048-generic-plans-for-value-independent-statements.md).
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

  it('keep a generic plan for statements marked so, except inside a transaction', async () => {
    const mode = (marked: boolean) =>
      sql<{ mode: string }>`${marked ? genericPlan : sql``}SELECT current_setting('plan_cache_mode') AS mode`;
    expect((await mode(true).execute(database.db)).rows).toEqual([{ mode: 'force_generic_plan' }]);
    expect((await mode(false).execute(database.db)).rows).toEqual([{ mode: 'force_custom_plan' }]);
    // A transaction's statements all run on its connection: a marked one sees the transaction's writes.
    await database.db.transaction().execute(async (trx) => {
      await sql`CREATE TEMPORARY TABLE generic_plan_probe (id int) ON COMMIT DROP`.execute(trx);
      await sql`INSERT INTO generic_plan_probe VALUES (1)`.execute(trx);
      const seen = await sql<{
        n: number;
      }>`${genericPlan}SELECT count(*)::int AS n FROM generic_plan_probe`.execute(trx);
      expect(seen.rows).toEqual([{ n: 1 }]);
      expect((await mode(true).execute(trx)).rows).toEqual([{ mode: 'force_custom_plan' }]);
    });
  });

  it('keep a generic plan for a Kysely query run with onGenericPlan', async () => {
    const { db } = database;
    const query = (id: number) =>
      db.selectNoFrom([
        sql<string>`current_setting('plan_cache_mode')`.as('mode'),
        sql<number>`${id}::int`.as('id'),
      ]);
    expect(await onGenericPlan(db, query(7))).toEqual([{ mode: 'force_generic_plan', id: 7 }]);
    expect(await query(7).execute()).toEqual([{ mode: 'force_custom_plan', id: 7 }]);
  });
});
