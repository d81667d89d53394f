import { type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from '../migrations/index';
import type { Db } from './client';

/**
 * Branches built side by side take migration numbers in parallel, so one may land after a higher
 * number has already run somewhere (0018 merged after 0021). Each migration touches only its own
 * tables and columns, so one that sorts earlier but has not run yet is simply run now instead of
 * refusing to start (Kysely's default).
 */
const migratorFor = (db: Db) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = migratorFor(db);
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** Names of migrations that exist in code but have not been applied (the health check uses it). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = migratorFor(db);
  const all = await migrator.getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
