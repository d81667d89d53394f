import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type DbHandle, openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';

/**
 * A migrated, empty database for one test file: a fresh PostgreSQL database when
 * DATABASE_URL is set (created here, dropped by `close`), in-memory PGlite otherwise.
 */
export async function createTestDatabase(): Promise<DbHandle & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', maxConnections: 5 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const dropper = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
