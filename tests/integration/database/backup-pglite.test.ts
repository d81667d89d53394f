import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../api/seed/seed';
import { type DbHandle, openDatabase } from '../../../db/client';
import { migrateToLatest } from '../../../db/migrate';
import { runBackupCli, tableSnapshot } from '../../factories/backups';

/**
 * `npm run db:backup` / `db:restore` on embedded PGlite: refused while a process has the data
 * directory open (but not for the postmaster.pid a killed PGlite leaves); otherwise a round trip
 * into another DATA_DIR gives back every table with the same rows, and restoring over a changed
 * database puts it back and keeps the one it replaced. Each command is a child process that boots
 * PGlite, slow on a loaded machine: hence the long timeouts.
 */
let sourceDir: string;
let targetDir: string;
let before: Awaited<ReturnType<typeof tableSnapshot>>;
let sampleUsers: unknown[];

async function withDatabase<T>(dataDir: string, use: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

const users = (handle: DbHandle) =>
  handle.db.selectFrom('users').selectAll().orderBy('id').limit(5).execute();

beforeAll(async () => {
  sourceDir = await mkdtemp(join(tmpdir(), 'backup-pglite-source-'));
  targetDir = await mkdtemp(join(tmpdir(), 'backup-pglite-target-'));
  await withDatabase(sourceDir, async (handle) => {
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { members: 5 });
    before = await tableSnapshot(handle.db);
    sampleUsers = await users(handle);
  });
}, 120_000);
afterAll(async () => {
  await rm(sourceDir, { recursive: true, force: true });
  await rm(targetDir, { recursive: true, force: true });
});

describe('PGlite backup and restore', () => {
  it('refuses to back up while a process has the data directory open, and writes nothing', async () => {
    const handle = await openDatabase({ dataDir: sourceDir });
    try {
      await handle.db.selectFrom('users').select('id').limit(1).execute();
      const run = await runBackupCli(['backup'], { DATA_DIR: sourceDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`process ${process.pid} has its files open`);
      expect(run.stderr).toContain('Stop the app');
    } finally {
      await handle.close();
    }
    expect(existsSync(join(sourceDir, 'backups'))).toBe(false);
  }, 90_000);

  it('round-trips every table, and a restore over a changed database puts it back', async () => {
    // What a PGlite killed with -9 leaves behind (PGlite always writes this fake pid): with no
    // process holding the files, the backup goes ahead.
    await writeFile(join(sourceDir, 'pglite', 'postmaster.pid'), '-42\n/pglite/data\n');
    const backup = await runBackupCli(['backup'], { DATA_DIR: sourceDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = /Backed up PGlite to (\S+\.tar\.gz)/.exec(backup.stdout)?.[1];
    expect(file).toMatch(/backups\/campaign-hq-pglite-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
    expect(await readdir(join(sourceDir, 'backups'))).toHaveLength(1);

    const restore = await runBackupCli(['restore', file!], { DATA_DIR: targetDir });
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${file}`);
    await withDatabase(targetDir, async (handle) => {
      expect(Object.keys(before).length).toBeGreaterThan(50);
      expect(await tableSnapshot(handle.db)).toEqual(before);
      expect(await users(handle)).toEqual(sampleUsers);
      // Changes after the backup, which the next restore must undo.
      await handle.db.deleteFrom('notifications').execute();
      await handle.db.updateTable('users').set({ bio: 'changed after the backup' }).execute();
    });

    const again = await runBackupCli(['restore', file!], { DATA_DIR: targetDir });
    expect(again.code).toBe(0);
    const kept = /kept at (\S+) \(delete it/.exec(again.stdout)?.[1];
    expect(kept).toMatch(/pglite\.before-restore-/);
    expect(existsSync(join(kept!, 'PG_VERSION'))).toBe(true);
    await withDatabase(targetDir, async (handle) => {
      expect(await tableSnapshot(handle.db)).toEqual(before);
    });
  }, 180_000);

  it('refuses a file that is not a backup and leaves the data directory as it was', async () => {
    const bogus = join(targetDir, 'not-a-backup.tar.gz');
    await writeFile(bogus, 'hello');
    const run = await runBackupCli(['restore', bogus], { DATA_DIR: targetDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not a PGlite backup/);
    const usage = await runBackupCli(['restore'], { DATA_DIR: targetDir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Name the file to restore/);
    await withDatabase(targetDir, async (handle) => {
      expect(await tableSnapshot(handle.db)).toEqual(before);
    });
  }, 90_000);
});
