/**
 * npm run bench -- test-databases: what a test file's database costs, each way we could make it
 * (docs/decisions/0068-one-database-template-per-test-run.md). Medians of ROUNDS rounds, in one run:
 *
 * - PGlite: a new instance migrated from nothing (before the template); a new instance loaded from
 *   the template's dumped data directory (what tests do); one live instance reset between files by
 *   truncating every table and loading the shared rows again (the alternative the issue names).
 * - PostgreSQL (DATABASE_URL set): CREATE DATABASE and migrate (before); CREATE DATABASE … TEMPLATE
 *   with each of PostgreSQL 15's strategies, FILE_COPY and WAL_LOG; and the DROP after each.
 */
import { sql } from 'kysely';
import { hashPassword } from '../../api/auth/passwords';
import { DEMO_PASSWORD } from '../../api/seed/demo-accounts';
import { seedDatabase } from '../../api/seed/seed';
import { type DbHandle, openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { demoAccounts } from '../factories/accounts';
import {
  copyName,
  copyPostgresTemplate,
  createDatabaseTemplate,
  createPostgresDatabase,
  type DatabaseTemplate,
  dropDatabaseTemplate,
  dropPostgresDatabase,
  loadSharedRows,
  pgliteTemplateData,
  withDatabase,
} from '../setup/database-template';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

async function median(label: string, once: () => Promise<void>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mid = times[Math.floor(times.length / 2)]!;
  console.log(
    `${label.padEnd(58)} median ${mid.toFixed(0).padStart(5)} ms  (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)})`,
  );
}

async function truncateEverything(handle: DbHandle): Promise<void> {
  const tables = await sql<{ name: string }>`
    SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename NOT LIKE 'kysely_migration%'`.execute(
    handle.db,
  );
  await sql
    .raw(`TRUNCATE ${tables.rows.map((r) => r.name).join(', ')} RESTART IDENTITY CASCADE`)
    .execute(handle.db);
}

async function pglite(): Promise<void> {
  const template = (await createDatabaseTemplate(undefined)) as Extract<
    DatabaseTemplate,
    { engine: 'pglite' }
  >;
  try {
    await median('PGlite: new instance, migrated from nothing', async () => {
      const handle = await openDatabase({ dataDir: 'memory://' });
      await loadSharedRows(handle.db);
      await handle.close();
    });
    await median('PGlite: new empty instance (the floor: starting the WASM)', async () => {
      const handle = await openDatabase({ dataDir: 'memory://' });
      await handle.close();
    });
    await median('PGlite: new instance loaded from the template', async () => {
      const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplateData(template) });
      await handle.db.selectFrom('reference_options').select('value').limit(1).execute();
      await handle.close();
    });
    const live = await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplateData(template) });
    await median('PGlite: one live instance, truncated and reloaded', async () => {
      await truncateEverything(live);
      await loadSharedRows(live.db);
    });
    await live.close();
  } finally {
    await dropDatabaseTemplate(template);
  }
}

async function postgres(baseUrl: string): Promise<void> {
  await median('PostgreSQL: CREATE DATABASE, migrate, DROP', async () => {
    const name = `bench_${process.pid}_${Date.now().toString(36)}`;
    await createPostgresDatabase(baseUrl, name);
    const handle = await openDatabase({
      databaseUrl: withDatabase(baseUrl, name),
      dataDir: 'unused',
      maxConnections: 2,
    });
    await migrateToLatest(handle.db);
    await handle.close();
    await dropPostgresDatabase(baseUrl, name);
  });
  const template = (await createDatabaseTemplate(baseUrl)) as Extract<
    DatabaseTemplate,
    { engine: 'postgres' }
  >;
  try {
    for (const strategy of ['FILE_COPY', 'WAL_LOG']) {
      let name = '';
      await median(`PostgreSQL: CREATE DATABASE … TEMPLATE (${strategy}), connect, DROP`, async () => {
        name = copyName(template);
        const { default: pg } = await import('postgres');
        const admin = pg(baseUrl, { max: 1, onnotice: () => {} });
        await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template.name} STRATEGY ${strategy}`);
        await admin.end();
        const handle = await openDatabase({
          databaseUrl: withDatabase(baseUrl, name),
          dataDir: 'unused',
          maxConnections: 2,
        });
        await handle.db.selectFrom('reference_options').select('value').limit(1).execute();
        await handle.close();
        await dropPostgresDatabase(baseUrl, name);
      });
    }
  } finally {
    await dropDatabaseTemplate(template);
  }
}

/**
 * One test file's set-up, tests/integration/realtime/presence.test.ts: before, a migrated database
 * and the whole demo seed; after, a copy of the template and the three accounts it signs in as.
 * Each round hashes the demo password once, as each test file's process does.
 */
async function presenceSetUp(engine: string, baseUrl: string | undefined): Promise<void> {
  await median(`${engine}: presence.test.ts set-up before (migrate, whole demo seed)`, async () => {
    const name = `bench_${process.pid}_${Date.now().toString(36)}`;
    if (baseUrl) await createPostgresDatabase(baseUrl, name);
    const handle = baseUrl
      ? await openDatabase({ databaseUrl: withDatabase(baseUrl, name), dataDir: 'unused', maxConnections: 5 })
      : await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { members: 0 });
    await handle.close();
    if (baseUrl) await dropPostgresDatabase(baseUrl, name);
  });
  const template = await createDatabaseTemplate(baseUrl);
  try {
    await median(`${engine}: presence.test.ts set-up after (template copy, 3 accounts)`, async () => {
      const name = copyName(template);
      const handle =
        template.engine === 'pglite'
          ? await openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplateData(template) })
          : await openDatabase({
              databaseUrl: await copyPostgresTemplate(template, name),
              dataDir: 'unused',
              maxConnections: 5,
            });
      await hashPassword(DEMO_PASSWORD);
      await demoAccounts(handle.db, 'finance', 'member', 'candidate');
      await handle.close();
      if (template.engine === 'postgres') await dropPostgresDatabase(template.baseUrl, name);
    });
  } finally {
    await dropDatabaseTemplate(template);
  }
}

console.log(`${ROUNDS} rounds each`);
await pglite();
await presenceSetUp('PGlite', undefined);
if (process.env.DATABASE_URL) {
  await postgres(process.env.DATABASE_URL);
  await presenceSetUp('PostgreSQL', process.env.DATABASE_URL);
} else console.log('PostgreSQL: skipped (set DATABASE_URL)');
