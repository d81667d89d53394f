import { type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from '../migrations/index';
import type { Db } from './client';

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** Names of migrations that exist in code but have not been applied (the health check uses it). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const all = await migrator.getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}
