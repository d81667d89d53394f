import { resolve } from 'node:path';
import { BackupError, engineOfBackup } from '../../../db/backup-files';
import { backupPglite, restorePglite } from '../../../db/backup-pglite';
import { backupPostgres, restorePostgres } from '../../../db/backup-postgres';
import { ConfigError, loadConfig } from '../../platform/config';

/**
 * `npm run db:backup` and `npm run db:restore -- FILE`: a backup of the database the server is
 * configured for (DATABASE_URL, or PGlite in DATA_DIR), written to DATA_DIR/backups unless --out
 * says otherwise. PGlite is backed up and restored only while the app is stopped; PostgreSQL any
 * time (a restore takes a copy of the database first). docs/operations/storage-and-backups.md.
 */
const USAGE = `Usage:
  npm run db:backup [-- --out DIR] [--force]
  npm run db:restore -- FILE [--out DIR] [--force]
  --out DIR   where backups go (default: DATA_DIR/backups)
  --force     PGlite only: skip the check that no process has the data directory open`;

class UsageError extends Error {}

interface Args {
  command: 'backup' | 'restore';
  file?: string;
  outDir?: string;
  force: boolean;
}

function parseArgs(argv: readonly string[]): Args | 'help' {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || rest.includes('--help') || rest.includes('-h'))
    return 'help';
  if (command !== 'backup' && command !== 'restore')
    throw new UsageError(`Unknown command ${command ?? '(none)'}`);
  const args: Args = { command, force: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--force') args.force = true;
    else if (arg === '--out') {
      args.outDir = rest[++i];
      if (!args.outDir) throw new UsageError('--out needs a directory');
    } else if (arg.startsWith('--out=')) args.outDir = arg.slice('--out='.length);
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}`);
    else if (command === 'restore' && !args.file) args.file = arg;
    else throw new UsageError(`Unexpected argument ${arg}`);
  }
  if (command === 'restore' && !args.file) throw new UsageError('Which backup? Name the file to restore');
  return args;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} kB`;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args === 'help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const outDir = resolve(args.outDir ?? resolve(config.DATA_DIR, 'backups'));
  const started = performance.now();
  const took = () => `${Math.round(performance.now() - started)} ms`;
  const databaseUrl = config.DATABASE_URL;

  if (args.command === 'backup') {
    const { file, bytes } = databaseUrl
      ? await backupPostgres({ databaseUrl, outDir })
      : await backupPglite({ dataDir: config.DATA_DIR, outDir, force: args.force });
    console.log(
      `Backed up ${databaseUrl ? 'PostgreSQL' : 'PGlite'} to ${file} (${size(bytes)}) in ${took()}`,
    );
    return;
  }

  const file = resolve(args.file!);
  const engine = engineOfBackup(file);
  if (!engine) throw new BackupError(`${file}: a backup ends in .dump (PostgreSQL) or .tar.gz (PGlite)`);
  if (engine === 'postgres' && !databaseUrl) {
    throw new BackupError(`${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore into`);
  }
  if (engine === 'pglite' && databaseUrl) {
    throw new BackupError(`${file} is a PGlite backup: unset DATABASE_URL to restore into DATA_DIR`);
  }
  if (databaseUrl) {
    // The database as it is now, so that restoring the wrong file loses nothing.
    const before = await backupPostgres({ databaseUrl, outDir, label: 'before-restore' });
    await restorePostgres({ databaseUrl, file });
    console.log(`Restored ${file} into PostgreSQL in ${took()}; the database as it was is in ${before.file}`);
  } else {
    const { keptAt } = await restorePglite({ dataDir: config.DATA_DIR, file, force: args.force });
    console.log(
      `Restored ${file} into ${resolve(config.DATA_DIR, 'pglite')} in ${took()}` +
        (keptAt ? `; the data directory it replaced is kept at ${keptAt} (delete it when satisfied)` : ''),
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  // Messages written for the person at the terminal; anything else keeps its stack.
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
