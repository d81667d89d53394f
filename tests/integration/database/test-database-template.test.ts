import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';
import { templateFromEnv } from '../../setup/database-template';

/**
 * Every test file's database is a copy of the run's template (decision 0068): it holds what all
 * tests share, and what one file writes no other file sees.
 */
let one: DbHandle;
let two: DbHandle;

beforeAll(async () => {
  [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
});

const countOf = async (db: DbHandle['db'], table: 'users' | 'reference_options' | 'instance_secrets') =>
  Number((await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('a test file’s database', () => {
  it('is copied from the run’s template', () => {
    expect(templateFromEnv()?.engine).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('is migrated and holds the reference options and the app secret, and no account', async () => {
    const migrations = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`.execute(
      one.db,
    );
    expect(migrations.rows[0]?.n).toBeGreaterThan(30);
    expect(await countOf(one.db, 'reference_options')).toBeGreaterThan(400);
    expect(await countOf(one.db, 'instance_secrets')).toBe(1);
    expect(await countOf(one.db, 'users')).toBe(0);
  });

  it('keeps its writes to itself', async () => {
    await one.db
      .insertInto('users')
      .values({ email: 'only-here@example.com', kind: 'individual', first_name: 'Only', last_name: 'Here' })
      .execute();
    await one.db.deleteFrom('reference_options').where('list_name', '=', 'states').execute();
    expect(await countOf(one.db, 'users')).toBe(1);
    expect(await countOf(two.db, 'users')).toBe(0);
    expect(await countOf(two.db, 'reference_options')).toBeGreaterThan(
      await countOf(one.db, 'reference_options'),
    );
  });
});
