import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, pendingMigrations } from '../../../db/migrate';
import * as jobProgress from '../../../migrations/0013_job_progress';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A migration that lands after higher-numbered ones already ran (branches built side by side) is
 * run when the app next starts, instead of stopping it (db/migrate.ts).
 */
describe('a migration that sorts before ones already run', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is pending, and runs on the next migrateToLatest', async () => {
    // As if 0013 had arrived after everything else: undone and unrecorded.
    await jobProgress.down(database.db as never);
    await sql`DELETE FROM kysely_migration WHERE name = '0013_job_progress'`.execute(database.db);
    expect(await pendingMigrations(database.db)).toEqual(['0013_job_progress']);

    await migrateToLatest(database.db);
    expect(await pendingMigrations(database.db)).toEqual([]);
    const table = await sql<{
      name: string | null;
    }>`SELECT to_regclass('job_progress')::text AS name`.execute(database.db);
    expect(table.rows[0]?.name).toBe('job_progress');
  });
});
