import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { storedAppSecret } from '../../api/process/app-secret';
import { loadReferenceOptions } from '../../api/seed/load-reference-options';
import { type Db, type DbHandle, openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';

/**
 * One migrated database per test run, holding what every test shares (the reference option
 * lists, the app secret); each test file and the end-to-end server start from a copy of it
 * (docs/decisions/0068-one-database-template-per-test-run.md).
 *
 * - PostgreSQL: a database `campaign_tpl_<pid>_<random>`; copies are `CREATE DATABASE … TEMPLATE` it.
 * - PGlite: its data directory dumped to a tar file; a copy is an in-memory PGlite loaded from it.
 *
 * The run's owner (tests/setup/run-tests.ts, or Vitest's and Playwright's own set-up when run
 * alone) passes the template to its children in TEST_DATABASE_TEMPLATE.
 */
/**
 * `runId` is the owning process's pid and a random part: the pid lets a later run tell a dead
 * run's leftovers, the random part keeps two templates of one process (a test of the template,
 * Vitest's own beside a worker's) from counting each other's copies as theirs.
 */
export type DatabaseTemplate =
  | { engine: 'postgres'; baseUrl: string; name: string; runId: string }
  | { engine: 'pglite'; file: string; runId: string };

export const TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE';

const TEMPLATE_PREFIX = 'campaign_tpl_';
/** A copy's name starts with its run's id, so the run's end (or a later run) can drop leftovers. */
const COPY_PREFIX = 't_';

export function templateFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTemplate | undefined {
  const text = env[TEMPLATE_ENV];
  return text ? (JSON.parse(text) as DatabaseTemplate) : undefined;
}

/** Migrates a new database and loads the shared rows: on PostgreSQL beside `baseUrl`'s, else PGlite. */
export async function createDatabaseTemplate(baseUrl: string | undefined): Promise<DatabaseTemplate> {
  const runId = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!baseUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await loadSharedRows(handle.db);
    const dump = await pgliteDump(handle);
    await handle.close();
    const file = join(tmpdir(), `campaign-hq-template-${runId}.tar`);
    await writeFile(file, dump);
    return { engine: 'pglite', file, runId };
  }
  await dropLeftoversOfEndedRuns(baseUrl);
  const name = `${TEMPLATE_PREFIX}${runId}`;
  await createPostgresDatabase(baseUrl, name);
  const handle = await openDatabase({
    databaseUrl: withDatabase(baseUrl, name),
    dataDir: 'unused',
    maxConnections: 2,
  });
  try {
    await loadSharedRows(handle.db);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
    await handle.close();
  }
  return { engine: 'postgres', baseUrl, name, runId };
}

/** Drops the template and every copy of it that a test file did not drop (a crash, an interrupt). */
export async function dropDatabaseTemplate(template: DatabaseTemplate): Promise<void> {
  if (template.engine === 'pglite') {
    await rm(template.file, { force: true });
    return;
  }
  await onAdminConnection(template.baseUrl, async (sql) => {
    for (const name of await databasesOfRun(sql, template.runId)) {
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
}

/** A copy's database name: the run's id, then a random part (safe to write unquoted). */
export function copyName(template: DatabaseTemplate): string {
  return `${COPY_PREFIX}${template.runId}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** CREATE DATABASE `name` as a copy of the PostgreSQL template; returns its URL. */
export async function copyPostgresTemplate(
  template: Extract<DatabaseTemplate, { engine: 'postgres' }>,
  name: string,
): Promise<string> {
  await onAdminConnection(template.baseUrl, (sql) =>
    sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template.name}`),
  );
  return withDatabase(template.baseUrl, name);
}

export async function createPostgresDatabase(baseUrl: string, name: string): Promise<void> {
  await onAdminConnection(baseUrl, (sql) => sql.unsafe(`CREATE DATABASE ${name}`));
}

export async function dropPostgresDatabase(baseUrl: string, name: string): Promise<void> {
  await onAdminConnection(baseUrl, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** The PGlite template's data directory, for PGlite.create's loadDataDir (read once per process). */
let pgliteDumpRead: { file: string; blob: Blob } | undefined;
export function pgliteTemplateData(template: Extract<DatabaseTemplate, { engine: 'pglite' }>): Blob {
  if (pgliteDumpRead?.file !== template.file) {
    pgliteDumpRead = { file: template.file, blob: new Blob([readFileSync(template.file)]) };
  }
  return pgliteDumpRead.blob;
}

export function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates `db` and loads what every test shares. */
export async function loadSharedRows(db: Db): Promise<void> {
  await migrateToLatest(db);
  await loadReferenceOptions(db);
  await storedAppSecret(db);
}

async function pgliteDump(handle: DbHandle): Promise<Uint8Array> {
  if (!handle.dumpDataDir) throw new Error('not a PGlite database');
  const dump = await handle.dumpDataDir();
  return new Uint8Array(await dump.arrayBuffer());
}

async function onAdminConnection<T>(baseUrl: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(baseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Names of the template and copies a run made: `campaign_tpl_<runId>` and `t_<runId>_…`. */
async function databasesOfRun(sql: postgres.Sql, runId: string): Promise<string[]> {
  const rows = await sql<{ datname: string }[]>`
    SELECT datname FROM pg_database
    WHERE starts_with(datname, ${`${COPY_PREFIX}${runId}_`}) OR datname = ${`${TEMPLATE_PREFIX}${runId}`}
    ORDER BY datname LIKE ${`${TEMPLATE_PREFIX}%`}`;
  return rows.map((r) => r.datname);
}

/**
 * A run killed with -9 cannot drop what it made: the next run drops what belongs to no living
 * process, the run's template and copies (`…_<pid>_<random>…`) and an end-to-end server's database
 * (`campaign_e2e_<time>_<pid>`, named by tests/e2e/playwright.config.ts).
 */
async function dropLeftoversOfEndedRuns(baseUrl: string): Promise<void> {
  await onAdminConnection(baseUrl, async (sql) => {
    const rows = await sql<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname ~ ${`^${TEMPLATE_PREFIX}[0-9]+_[0-9a-f]+$`} OR datname ~ '^campaign_e2e_[0-9]+_[0-9]+$'`;
    for (const { datname } of rows) {
      if (datname.startsWith(TEMPLATE_PREFIX)) {
        const runId = datname.slice(TEMPLATE_PREFIX.length);
        if (isAlive(Number(runId.split('_')[0]))) continue;
        for (const name of await databasesOfRun(sql, runId)) {
          await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      } else if (!isAlive(Number(datname.split('_').at(-1)))) {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
