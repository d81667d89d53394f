import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../api/seed/seed';
import { type DbHandle, openDatabase } from '../../../db/client';
import { migrateToLatest } from '../../../db/migrate';
import { runBackupCli, tableSnapshot } from '../../factories/backups';
import { createScratchDatabase } from '../../factories/server-process';

/**
 * `npm run db:backup` / `db:restore` on PostgreSQL (pg_dump / pg_restore): a seeded database backed
 * up and restored into a fresh one gives back every table with the same rows; restoring over a
 * changed database puts it back after keeping a copy of it; a failed dump leaves no file and a
 * failed restore, even one that fails halfway, changes nothing.
 */
const baseUrl = process.env.DATABASE_URL!;
let outDir: string;
let source: Awaited<ReturnType<typeof createScratchDatabase>>;
let target: Awaited<ReturnType<typeof createScratchDatabase>>;
let before: Awaited<ReturnType<typeof tableSnapshot>>;
let sampleUsers: unknown[];
/** The backup the first test makes, which the second restores again. */
let backupFile: string;

async function withDatabase<T>(url: string, use: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'unused', maxConnections: 2 });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

const users = (handle: DbHandle) =>
  handle.db.selectFrom('users').selectAll().orderBy('id').limit(5).execute();

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'backup-postgres-'));
  source = await createScratchDatabase(baseUrl);
  target = await createScratchDatabase(baseUrl);
  await withDatabase(source.url, async (handle) => {
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { members: 5 });
    before = await tableSnapshot(handle.db);
    sampleUsers = await users(handle);
  });
}, 120_000);
afterAll(async () => {
  await source?.drop();
  await target?.drop();
  await rm(outDir, { recursive: true, force: true });
});

describe('PostgreSQL backup and restore', () => {
  it('round-trips every table into a fresh database, and a restore over a changed one puts it back', async () => {
    const backup = await runBackupCli(['backup', '--out', outDir], {
      DATA_DIR: outDir,
      DATABASE_URL: source.url,
    });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = /Backed up PostgreSQL to (\S+\.dump)/.exec(backup.stdout)?.[1];
    expect(file).toMatch(/campaign-hq-postgres-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.dump$/);
    backupFile = file!;

    const restore = await runBackupCli(['restore', file!, '--out', outDir], {
      DATA_DIR: outDir,
      DATABASE_URL: target.url,
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await withDatabase(target.url, async (handle) => {
      expect(Object.keys(before).length).toBeGreaterThan(50);
      expect(await tableSnapshot(handle.db)).toEqual(before);
      expect(await users(handle)).toEqual(sampleUsers);
      await handle.db.deleteFrom('notifications').execute();
      await handle.db.updateTable('users').set({ bio: 'changed after the backup' }).execute();
    });

    // A second second, so the copy taken before restoring gets a name of its own.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await runBackupCli(['restore', file!, '--out', outDir], {
      DATA_DIR: outDir,
      DATABASE_URL: target.url,
    });
    expect(again.code).toBe(0);
    const copy = /the database as it was is in (\S+\.dump)/.exec(again.stdout)?.[1];
    expect(copy).toMatch(/campaign-hq-postgres-before-restore-/);
    expect(existsSync(copy!)).toBe(true);
    await withDatabase(target.url, async (handle) => {
      expect(await tableSnapshot(handle.db)).toEqual(before);
    });
  }, 180_000);

  it('leaves no file when the dump fails, and changes nothing when the restore fails', async () => {
    const missing = new URL(baseUrl);
    missing.pathname = '/no_such_database_for_backups';
    const failed = await runBackupCli(['backup', '--out', join(outDir, 'failed')], {
      DATA_DIR: outDir,
      DATABASE_URL: missing.toString(),
    });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/pg_dump failed[\s\S]*no_such_database_for_backups/);
    expect(await readdir(join(outDir, 'failed'))).toEqual([]);

    const bogus = join(outDir, 'garbage.dump');
    await writeFile(bogus, 'PGDMP not really');
    const refused = await runBackupCli(['restore', bogus, '--out', outDir], {
      DATA_DIR: outDir,
      DATABASE_URL: target.url,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/pg_restore failed/);
    const pglite = await runBackupCli(['restore', join(outDir, 'x.tar.gz')], {
      DATA_DIR: outDir,
      DATABASE_URL: target.url,
    });
    expect(pglite.code).toBe(1);
    expect(pglite.stderr).toMatch(/PGlite backup: unset DATABASE_URL/);
    await withDatabase(target.url, async (handle) => {
      expect(await tableSnapshot(handle.db)).toEqual(before);
    });

    // A restore that fails halfway (a view the backup does not know holds on to a table it must
    // drop) rolls back what it had already dropped: constraints and rows are all still there.
    const constraints = async (handle: DbHandle) =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_constraint`.execute(handle.db)).rows[0]!.n;
    const constraintsBefore = await withDatabase(target.url, async (handle) => {
      await sql`CREATE VIEW member_names AS SELECT id, first_name FROM users`.execute(handle.db);
      return constraints(handle);
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const halfway = await runBackupCli(['restore', backupFile, '--out', outDir], {
      DATA_DIR: outDir,
      DATABASE_URL: target.url,
    });
    expect(halfway.code).toBe(1);
    expect(halfway.stderr).toMatch(/pg_restore failed[\s\S]*member_names/);
    await withDatabase(target.url, async (handle) => {
      expect(await constraints(handle)).toBe(constraintsBefore);
      expect(await tableSnapshot(handle.db)).toEqual(before);
    });
  }, 120_000);
});
