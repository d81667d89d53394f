import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type DbHandle, openDatabase } from '../../db/client';
import {
  copyName,
  copyPostgresTemplate,
  createPostgresDatabase,
  type DatabaseTemplate,
  dropPostgresDatabase,
  loadSharedRows,
  pgliteTemplateData,
  templateFromEnv,
  withDatabase,
} from '../setup/database-template';

/**
 * A database for one test file, copied from the run's template (migrated, with the reference
 * options and the app secret): a new PostgreSQL database when DATABASE_URL is set (dropped by
 * `close`), an in-memory PGlite otherwise. Nothing one file writes reaches another.
 *
 * Outside a test run (a benchmark) there is no template: the
 * database is made here the way the template is.
 */
export async function createTestDatabase(): Promise<DbHandle & { url?: string }> {
  const template = templateFromEnv();
  if (template) return copyOf(template);
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await loadSharedRows(handle.db);
    return handle;
  }
  const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await createPostgresDatabase(baseUrl, name);
  const url = withDatabase(baseUrl, name);
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'unused', maxConnections: 5 });
  await loadSharedRows(handle.db);
  return { ...handle, url, close: closeAndDrop(handle, baseUrl, name) };
}

async function copyOf(template: DatabaseTemplate): Promise<DbHandle & { url?: string }> {
  if (template.engine === 'pglite') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplateData(template) });
  }
  const name = copyName(template);
  const url = await copyPostgresTemplate(template, name);
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'unused', maxConnections: 5 });
  // Connected before it is handed out, as a migrated database was: Kysely only marks a driver it
  // has started as destroyed, so a copy closed unused would reconnect on its next query.
  await sql`SELECT 1`.execute(handle.db);
  return { ...handle, url, close: closeAndDrop(handle, template.baseUrl, name) };
}

function closeAndDrop(handle: DbHandle, baseUrl: string, name: string) {
  return async () => {
    await handle.close();
    await dropPostgresDatabase(baseUrl, name);
  };
}
