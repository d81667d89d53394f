import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { BackupError, backupFileName, newBackupPath, writeAtomically } from './backup-files';

/**
 * Backups of a PostgreSQL database with the client tools: `pg_dump --format=custom` (compressed,
 * restorable table by table) and `pg_restore --clean --if-exists` in one transaction, so a restore
 * that fails changes nothing. pg_dump must be as new as the server (postgresql-client-NN).
 */
export interface PostgresBackupOptions {
  databaseUrl: string;
  outDir: string;
  now?: Date;
  /** Goes into the name (`before-restore`), for the copy a restore takes first. */
  label?: string;
}

export async function backupPostgres(
  options: PostgresBackupOptions,
): Promise<{ file: string; bytes: number }> {
  const name = backupFileName('postgres', options.now ?? new Date(), options.label);
  const file = await newBackupPath(options.outDir, name);
  const { dbname, env } = libpqConnection(options.databaseUrl);
  await writeAtomically(file, (partial) =>
    run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env),
  );
  return { file, bytes: (await stat(file)).size };
}

export interface PostgresRestoreOptions {
  databaseUrl: string;
  file: string;
}

/**
 * Drops what the backup holds and recreates it from the file, in one transaction. Objects the
 * backup does not know (tables of a newer version) stay. Owners and grants are not restored: the
 * objects belong to the user restoring, so a backup restores into another server's roles.
 */
export async function restorePostgres(options: PostgresRestoreOptions): Promise<void> {
  try {
    await stat(options.file);
  } catch {
    throw new BackupError(`Cannot read ${options.file}`);
  }
  const { dbname, env } = libpqConnection(options.databaseUrl);
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
      options.file,
    ],
    env,
  );
}

/**
 * The URL for libpq without its password (a command line is visible to every user of the machine
 * in `ps`); the password goes in PGPASSWORD. postgres.js's `ssl=` becomes libpq's `sslmode=`.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const ssl = url.searchParams.get('ssl');
  if (ssl !== null) {
    url.searchParams.delete('ssl');
    if (!url.searchParams.has('sslmode'))
      url.searchParams.set('sslmode', ssl === 'false' ? 'disable' : 'require');
  }
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return { dbname: url.toString(), env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} not found: install the PostgreSQL client tools (as new as the server)`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
