import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** A failure the person running the command can act on: the CLI prints its message alone. */
export class BackupError extends Error {}

export type BackupEngine = 'pglite' | 'postgres';

/**
 * `campaign-hq-postgres-2026-11-24T08-15-03Z.dump`: sorts by time, names the engine it restores
 * into, and has no colon (which some file systems and tools refuse).
 */
export function backupFileName(engine: BackupEngine, now: Date, label = ''): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  const extension = engine === 'pglite' ? 'tar.gz' : 'dump';
  return `campaign-hq-${engine}${label ? `-${label}` : ''}-${stamp}.${extension}`;
}

/** The engine a backup file restores into, from its name (what backupFileName wrote). */
export function engineOfBackup(file: string): BackupEngine | null {
  if (/\.tar\.gz$/.test(file)) return 'pglite';
  if (/\.dump$/.test(file)) return 'postgres';
  return null;
}

/** A new file in `outDir` (created if missing); refuses to overwrite an earlier backup. */
export async function newBackupPath(outDir: string, name: string): Promise<string> {
  await mkdir(resolve(outDir), { recursive: true });
  const path = join(resolve(outDir), name);
  if (existsSync(path))
    throw new BackupError(`${path} already exists; wait a second or choose another --out`);
  return path;
}

/**
 * Writes under a `.partial` name and renames when complete, so an interrupted backup never
 * leaves a file that looks like a good one.
 */
export async function writeAtomically(
  path: string,
  write: (partial: string) => Promise<void>,
): Promise<void> {
  const partial = `${path}.partial`;
  try {
    await write(partial);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export async function writeBytesAtomically(path: string, bytes: Uint8Array): Promise<void> {
  await writeAtomically(path, (partial) => writeFile(partial, bytes));
}
