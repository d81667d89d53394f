import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { repoRoot } from './server-process';

/** `npm run db:backup` / `db:restore` as a child process, with exactly the database variables given. */
export function runBackupCli(
  args: string[],
  env: { DATA_DIR: string; DATABASE_URL?: string },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _inherited, ...base } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'api/doors/commands/database-backup.ts', ...args],
      {
        cwd: repoRoot,
        env: { ...base, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Every table of the database with its row count and a hash of all its rows (as text, sorted):
 * two databases with equal snapshots hold the same data.
 */
export async function tableSnapshot(db: Db): Promise<Record<string, { rows: number; hash: string }>> {
  const tables = await sql<{ name: string }>`
    SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name
    FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
    ORDER BY 1`.execute(db);
  const snapshot: Record<string, { rows: number; hash: string }> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ rows: number; hash: string }>`
      SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash
      FROM ${sql.raw(name)} AS t`.execute(db);
    snapshot[name] = rows[0]!;
  }
  return snapshot;
}
