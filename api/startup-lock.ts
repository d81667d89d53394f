import { sql } from 'kysely';
import type { DbHandle } from '../db/client';

/** pg_advisory_lock key of the demo seed at start-up ("seedhq"); any constant other code does not use. */
const SEED_LOCK = 0x7365_6564_6871n;

/**
 * Runs `run` in one process at a time across every worker and instance on one PostgreSQL
 * database: several workers starting on an empty database would otherwise all seed it at once.
 * The lock is held on a reserved connection while `run` uses the pool. PGlite is one process
 * (and one connection), so it runs `run` directly.
 */
export async function oneStarterAtATime<T>(database: DbHandle, run: () => Promise<T>): Promise<T> {
  if (database.engine === 'pglite') return run();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(SEED_LOCK)})`.execute(connection);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(SEED_LOCK)})`.execute(connection);
    }
  });
}
