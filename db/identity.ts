import type { Kysely } from 'kysely';

/**
 * One object per opened database, the same for every Kysely instance derived from it (withPlugin,
 * a transaction): the key for a cache of what that database holds. A cache keyed by the instance
 * would miss for code handed a transaction or a derived instance of the same database.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's instances qualify.
export function databaseIdentity(db: Kysely<any>): object {
  // Kysely makes the adapter once, when the database is opened; derived instances share it.
  return db.getExecutor().adapter;
}
