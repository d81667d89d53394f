import { openDatabase } from '../../../db/client';
import { migrateToLatest } from '../../../db/migrate';
import { loadConfig } from '../../platform/config';

/**
 * `npm run db:migrate`: brings the configured database (DATABASE_URL, else PGlite in DATA_DIR)
 * to the latest migration without starting the server, e.g. before a rolling deploy. The server
 * also migrates at start, so this is optional; it lives beside the other command-line jobs because
 * db/ may not read the configuration.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    console.log(`Migrated ${handle.engine} to the latest migration`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
