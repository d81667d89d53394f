import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupError, backupFileName, newBackupPath, writeBytesAtomically } from './backup-files';
import { pgliteDataPath, pgliteExtensions } from './client';
import { pgliteDirectoryUse } from './pglite-in-use';

/**
 * Backups of the embedded database: PGlite's own archive of its data directory (dumpDataDir, a
 * gzipped tar), taken and restored only while no process has the directory open.
 */
export interface PgliteBackupOptions {
  dataDir: string;
  outDir: string;
  now?: Date;
  /** Skip the in-use check (only when certain nothing runs on the directory). */
  force?: boolean;
}

export async function backupPglite(options: PgliteBackupOptions): Promise<{ file: string; bytes: number }> {
  const dir = pgliteDataPath(options.dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new BackupError(`No PGlite database in ${dir}`);
  await refuseWhileOpen(dir, options.force, 'back up');
  const file = await newBackupPath(options.outDir, backupFileName('pglite', options.now ?? new Date()));
  // Opening also replays the write-ahead log of a PGlite that was killed, so the archive is clean.
  const pglite = await PGlite.create(dir, { extensions: pgliteExtensions });
  try {
    const archive = await pglite.dumpDataDir('gzip');
    await writeBytesAtomically(file, new Uint8Array(await archive.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  return { file, bytes: (await stat(file)).size };
}

export interface PgliteRestoreOptions {
  dataDir: string;
  file: string;
  now?: Date;
  force?: boolean;
}

/**
 * Replaces the data directory with the archive's. The directory it replaces is kept beside it
 * (`pglite.before-restore-<time>`) rather than deleted, so a restore of the wrong file loses
 * nothing; a restore that fails puts it back.
 */
export async function restorePglite(options: PgliteRestoreOptions): Promise<{ keptAt: string | null }> {
  const archive = await readArchive(options.file);
  const dir = pgliteDataPath(options.dataDir);
  await refuseWhileOpen(dir, options.force, 'restore into');
  const stamp = (options.now ?? new Date())
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  const keptAt = (await hasFiles(dir)) ? `${dir}.before-restore-${stamp}` : null;
  if (keptAt) await rename(dir, keptAt);
  else await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    const pglite = await PGlite.create(dir, { extensions: pgliteExtensions, loadDataDir: archive });
    try {
      // A readable catalog and the app's migration table: the archive is a database of this app.
      await pglite.query('SELECT count(*) FROM kysely_migration');
    } finally {
      await pglite.close();
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (keptAt) await rename(keptAt, dir);
    throw new BackupError(
      `${basename(options.file)} is not a backup of this app's PGlite database (${(error as Error).message}); ` +
        'the data directory was left as it was',
    );
  }
  return { keptAt };
}

async function readArchive(file: string): Promise<Blob> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new BackupError(`Cannot read ${file}`);
  }
  // gzip's magic number: a file that is not an archive is refused before anything moves.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b)
    throw new BackupError(`${file} is not a PGlite backup (.tar.gz)`);
  return new Blob([new Uint8Array(bytes)], { type: 'application/x-gzip' });
}

async function refuseWhileOpen(dir: string, force: boolean | undefined, verb: string): Promise<void> {
  if (force) return;
  const use = await pgliteDirectoryUse(dir);
  if (use.inUse) {
    throw new BackupError(
      `Cannot ${verb} ${dir} while it is open: ${use.reason}. Stop the app (and any seed or script ` +
        'using DATA_DIR) first; pass --force only if you are sure nothing uses it.',
    );
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}
