import type { DbHandle } from '../../db/client';

/** pg_advisory_lock key of the demo seed at start-up ("seedhq"); any constant other code does not use. */
const SEED_LOCK = 0x7365_6564_6871n;

/**
 * Runs `run` in one process at a time across every worker and instance on one PostgreSQL
 * database: several workers starting on an empty database would otherwise all seed it at once.
 * The lock is a session's, so it is held on a connection reserved for it (db.connection() has no
 * session on PostgreSQL: db/postgres-dialect.ts) while `run` uses the pool. PGlite is one process
 * (and one connection), so it runs `run` directly.
 */
export async function oneStarterAtATime<T>(database: DbHandle, run: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite' || !database.sql) return run();
  const connection = await database.sql.reserve();
  try {
    await connection.unsafe(`select pg_advisory_lock(${SEED_LOCK})`);
    try {
      return await run();
    } finally {
      await connection.unsafe(`select pg_advisory_unlock(${SEED_LOCK})`);
    }
  } finally {
    connection.release();
  }
}
