import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPeople } from '../api/modules/people/search';
import { settingsPageRows } from '../api/modules/people/settings';
import { makeAccount } from '../tests/factories/accounts';
import { createTestDatabase } from '../tests/factories/test-db';
import { type DbHandle, openDatabase } from './client';

/**
 * The session settings every PostgreSQL connection of the app starts with (db/client.ts): no JIT,
 * whose compilation cost a 10 ms name search 340 ms once the planner's estimate over a
 * set-returning function crossed its threshold (docs/decisions/0047-precompiled-page-queries-and-no-jit.md),
 * and PostgreSQL's own choice between a generic and a custom plan
 * (docs/decisions/0086-one-pool-and-postgresql-plan-choice.md).
 */
let database: DbHandle & { url?: string };

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.close());

describe('PostgreSQL connections', () => {
  it('run without JIT and let PostgreSQL choose plans, on pooled statements and in transactions', async () => {
    const settings = sql<{ jit: string; plan_cache_mode: string }>`
      SELECT current_setting('jit') AS jit, current_setting('plan_cache_mode') AS plan_cache_mode`;
    const expected = { jit: 'off', plan_cache_mode: 'auto' };
    expect((await settings.execute(database.db)).rows).toEqual([expected]);
    expect((await database.db.transaction().execute((trx) => settings.execute(trx))).rows).toEqual([
      expected,
    ]);
  });

  /**
   * What the second pool of generic plans bought, PostgreSQL now chooses alone: after five runs a
   * statement whose plan does not depend on its values keeps one generic plan, and stops being
   * planned again on every run. Read on one connection, whose prepared statements
   * pg_prepared_statements lists.
   */
  it('keep one generic plan for the name search and the settings page, whatever the values', async () => {
    const members = await Promise.all(
      ['ada', 'bea', 'cai', 'dov', 'eli', 'fay', 'gus', 'hal'].map((local) =>
        makeAccount(database.db, local, { first_name: `Jordan${local}`, last_name: `Rivera${local}` }),
      ),
    );
    const one = await openDatabase({ databaseUrl: database.url, dataDir: 'unused', maxConnections: 1 });
    try {
      for (const [i, member] of members.entries()) {
        await searchPeople(one.db, { query: `jordan${'abcdefgh'[i]} rivera`, viewerId: null, limit: 8 });
        await settingsPageRows(one.db, member.id);
      }
      const plans = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        SELECT statement, generic_plans::int AS generic_plans, custom_plans::int AS custom_plans
        FROM pg_prepared_statements`.execute(one.db);
      const planOf = (fragment: string) => plans.rows.find((r) => r.statement.includes(fragment));
      // Five runs planned for their values, then the generic plan for the other three.
      expect(planOf('name_token_matches')).toMatchObject({ custom_plans: 5, generic_plans: 3 });
      expect(planOf('notification_preferences')).toMatchObject({ custom_plans: 5, generic_plans: 3 });
    } finally {
      await one.close();
    }
  });
});
